import { describe, expect, it } from "vitest";
import { detectImageType } from "./image-type";

const b = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("detectImageType", () => {
  it("recognises PNG, JPEG, GIF (87a and 89a) and WebP by their first bytes", () => {
    expect(detectImageType(b([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe("png");
    expect(detectImageType(b([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpg");
    expect(detectImageType(b("GIF87a", [1]))).toBe("gif");
    expect(detectImageType(b("GIF89a", [1]))).toBe("gif");
    expect(detectImageType(b("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBe("webp");
  });
  it("refuses text, SVG, truncated signatures, a RIFF that is not WebP and empty input", () => {
    for (const bad of [b("hello"), b("<svg xmlns='x'/>"), b([0x89], "PNG"), b([0xff, 0xd8]), b("RIFF", [0, 0, 0, 0], "WAVE"), b("GIF88a"), new Uint8Array()])
      expect(detectImageType(bad)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { checkCustomMessage, checkMetadata, stripHtml } from "./check-metadata";

const keys = (n: number, value: (i: number) => unknown = (i) => i) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, value(i)]));
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return "ok";
  } catch (err) {
    return (err as { code: string; message: string }).code;
  }
};

describe("checkMetadata", () => {
  it("takes exactly 50 keys per level and 2 levels; refuses 51 keys or a third level", () => {
    expect(checkMetadata(keys(50))).toEqual(keys(50));
    expect(codeOf(() => checkMetadata(keys(51)))).toBe("METADATA_INVALID");
    expect(codeOf(() => checkMetadata({ a: keys(50) }))).toBe("ok");
    expect(codeOf(() => checkMetadata({ a: keys(51) }))).toBe("METADATA_INVALID");
    expect(codeOf(() => checkMetadata({ a: { b: 1, c: [1, 2] } }))).toBe("METADATA_INVALID"); // an array inside level 2 is level 3
    expect(codeOf(() => checkMetadata({ a: { b: { c: 1 } } }))).toBe("METADATA_INVALID");
    expect(codeOf(() => checkMetadata({ a: [1, 2, 3] }))).toBe("ok");
  });

  it("refuses more than 10 KB of JSON and says how big it was", () => {
    const at = (n: number) => ({ s: "x".repeat(n - 8) }); // {"s":""} is 8 bytes
    expect(Buffer.byteLength(JSON.stringify(at(10240)))).toBe(10240);
    expect(codeOf(() => checkMetadata(at(10240)))).toBe("ok");
    expect(() => checkMetadata(at(10241))).toThrow("checkoutMetadata is 10241 bytes as JSON; the limit is 10240 bytes (10 KB).");
  });

  it("must be an object", () => {
    for (const v of [[], "x", 1, null, true]) expect(codeOf(() => checkMetadata(v))).toBe("METADATA_INVALID");
  });
});

describe("customMessage", () => {
  it("strips tags and script content, keeps the text", () => {
    expect(stripHtml('<b>Thanks</b> for <a href="x">playing</a>!<script>alert(1)</script><!-- c -->')).toBe("Thanks for playing!");
    expect(stripHtml("2 < 3 and 5 > 4")).toBe("2 < 3 and 5 > 4");
    expect(checkCustomMessage("<i>Hi</i>")).toBe("Hi");
  });

  it("takes 256 characters, refuses 257 or a non-string", () => {
    expect(checkCustomMessage("é".repeat(256))).toBe("é".repeat(256));
    expect(codeOf(() => checkCustomMessage("a".repeat(257)))).toBe("CUSTOM_MESSAGE_INVALID");
    expect(codeOf(() => checkCustomMessage(42))).toBe("CUSTOM_MESSAGE_INVALID");
  });
});

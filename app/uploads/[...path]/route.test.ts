import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "./route";
import { storeImage } from "@/lib/uploads/store-image";
import { PNG_1X1 } from "@/tests/support/products";

const dir = mkdtempSync(path.join(tmpdir(), "coinop-serve-"));
const saved = process.env.UPLOAD_DIR;
beforeAll(() => {
  process.env.UPLOAD_DIR = dir;
});
afterAll(() => {
  process.env.UPLOAD_DIR = saved;
});

const get = (segments: string[]) => GET(new Request(`http://localhost/uploads/${segments.join("/")}`), { params: Promise.resolve({ path: segments }) });

describe("GET /uploads/<name>", () => {
  it("serves a stored image byte for byte, with its content type and long-lived caching", async () => {
    const form = new FormData();
    form.set("f", new Blob([PNG_1X1]), "a.png");
    const { name, url } = await storeImage(form);
    expect(url).toBe(`http://localhost:3000/uploads/${name}`);
    const res = await get([name]);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-length")).toBe(String(PNG_1X1.length));
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG_1X1);
  });

  it("404 (not cached) for unknown names, names we never issue, traversal attempts and nested paths", async () => {
    writeFileSync(path.join(dir, "notes.txt"), "secret");
    for (const p of [
      ["0123456789abcdef0123456789abcdef.png"],
      ["notes.txt"],
      [".."],
      ["..%2F..%2Fetc%2Fpasswd"],
      ["../../package.json"],
      ["a", "b.png"],
      ["X.png"],
    ]) {
      const res = await get(p);
      expect(res.status, p.join("/")).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });
});

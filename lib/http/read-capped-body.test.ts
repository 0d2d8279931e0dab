import { describe, expect, it } from "vitest";
import { connectionCloseHeader, readCappedBody } from "./read-capped-body.ts";

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

/** A body streamed in `n` chunks of `size` bytes, counting how many chunks were pulled. */
const chunks = (n: number, size: number) => {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (pulled === n) return c.close();
      pulled++;
      c.enqueue(new Uint8Array(size).fill(120));
    },
  });
  return { stream, pulled: () => pulled };
};

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code: string; status: number; message: string }) => `${e.status} ${e.code}: ${e.message}`,
  );

describe("readCappedBody", () => {
  it("returns a body of exactly the cap, and refuses one byte more", async () => {
    expect((await readCappedBody(post("x".repeat(1000)), 1000)).byteLength).toBe(1000);
    expect(await codeOf(readCappedBody(post("x".repeat(1001)), 1000))).toBe("413 BODY_TOO_LARGE: The request body is larger than 1 KB.");
    expect(await codeOf(readCappedBody(post("é".repeat(501)), 1000))).toMatch(/^413/); // bytes, not characters
  });

  it("stops pulling a stream at the cap", async () => {
    const body = chunks(1000, 1000);
    expect(await codeOf(readCappedBody(post(body.stream), 10_000))).toBe("413 BODY_TOO_LARGE: The request body is larger than 10 KB.");
    expect(body.pulled()).toBeLessThanOrEqual(12);
  });

  it("refuses a Content-Length over the cap without pulling anything", async () => {
    const body = chunks(5, 10);
    expect(await codeOf(readCappedBody(post(body.stream, { "content-length": " 6000001 " }), 6_000_000))).toBe(
      "413 BODY_TOO_LARGE: The request body is larger than 6 MB.",
    );
    expect(body.pulled()).toBeLessThanOrEqual(1); // a stream may prefetch one chunk on creation; the reader took none
  });

  it("a broken stream is 400 REQUEST_ABORTED; no body is empty", async () => {
    const broken = new ReadableStream({ start: (c) => c.error(new Error("reset")) });
    expect(await codeOf(readCappedBody(post(broken), 100))).toMatch(/^400 REQUEST_ABORTED/);
    expect((await readCappedBody(new Request("http://localhost/x"), 100)).byteLength).toBe(0);
  });

  it("asks to close the connection when a declared body was not read to its end", async () => {
    const unread = post("abc", { "content-length": "3" });
    expect(connectionCloseHeader(unread)).toEqual({ connection: "close" });
    await readCappedBody(unread, 100);
    expect(connectionCloseHeader(unread)).toEqual({});
    expect(connectionCloseHeader(post(null, { "content-length": "0" }))).toEqual({});
    expect(connectionCloseHeader(post("x", { "transfer-encoding": "chunked" }))).toEqual({ connection: "close" });
  });
});

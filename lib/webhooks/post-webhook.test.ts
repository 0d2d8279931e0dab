// postWebhook's kept-alive connections to a loopback receiver (test mode): the answer is drained, not stored,
// so the socket can carry the next attempt; whether the answer has a content-length or comes chunked.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOOPBACK_DRAIN_MAX_BYTES, postWebhook } from "./post-webhook.ts";

type Answer = { headers: Record<string, string>; body: string };
let answer: Answer = { headers: {}, body: "ok" };
/** the client port of each request: one port, one connection */
const ports: number[] = [];
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    ports.push(req.socket.remotePort!);
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "text/plain", ...answer.headers }).end(answer.body));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

const post = () => postWebhook({ url, body: "{}", headers: { "content-type": "application/json" }, timeoutMs: 5_000, allowLoopback: true });

/** Two attempts with `a`: whether the second went over the first one's connection. */
const twice = async (a: Answer) => {
  answer = a;
  ports.length = 0;
  const results = [await post(), await post()];
  expect(results.map((r) => [r.ok, r.statusCode, r.responseExcerpt, r.error])).toEqual([
    [true, 200, null, null],
    [true, 200, null, null],
  ]);
  expect(ports).toHaveLength(2);
  return ports[1] === ports[0];
};

describe("postWebhook to a loopback receiver", () => {
  it("keeps the connection after a small chunked answer (no content-length), as after one with a content-length", async () => {
    expect(await twice({ headers: {}, body: "ok" })).toBe(true);
    expect(await twice({ headers: { "content-length": "2" }, body: "ok" })).toBe(true);
  });

  it("closes the connection after an answer larger than it drains, chunked or with a content-length", async () => {
    const big = "x".repeat(LOOPBACK_DRAIN_MAX_BYTES + 1);
    expect(await twice({ headers: {}, body: big })).toBe(false);
    expect(await twice({ headers: { "content-length": String(big.length) }, body: big })).toBe(false);
    // and a small one afterwards is kept again
    expect(await twice({ headers: {}, body: "x".repeat(LOOPBACK_DRAIN_MAX_BYTES) })).toBe(true);
  });
});

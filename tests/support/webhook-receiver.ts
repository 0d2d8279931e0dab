// A real HTTP receiver for webhook tests (node:http on 127.0.0.1). It records every request with its
// raw body, and answers as `respond` says: per request a status, a body and an optional delay.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { headers: http.IncomingHttpHeaders; rawBody: string; receivedAt: number };
export type Reply = { status: number; body?: string; delayMs?: number };

export type Receiver = {
  url: string;
  port: number;
  requests: Received[];
  /** requests whose x-service-event-id is `eventId` */
  forEvent: (eventId: string) => Received[];
  close: () => Promise<void>;
};

export const startReceiver = async ({
  port = 0,
  respond = () => ({ status: 200, body: "ok" }),
}: { port?: number; respond?: (req: Received, index: number) => Reply } = {}): Promise<Receiver> => {
  const requests: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const received = { headers: req.headers, rawBody: Buffer.concat(chunks).toString("utf8"), receivedAt: Date.now() };
      requests.push(received);
      const reply = respond(received, requests.length - 1);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { "content-type": "text/plain" }).end(reply.body ?? "");
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}/hooks`,
    port: actual,
    requests,
    forEvent: (eventId) => requests.filter((r) => r.headers["x-service-event-id"] === eventId),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** A port that nothing listens on (it was free a moment ago). */
export const closedPort = async (): Promise<number> => {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

/** Polls `check` until it returns a value that is not undefined/false, or fails after `timeoutMs`. */
export const waitFor = async <T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 10_000, what = "condition" } = {},
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

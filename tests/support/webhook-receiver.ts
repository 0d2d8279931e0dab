// A real HTTP receiver for webhook tests (node:http on 127.0.0.1). It records every request with its
// raw body, and answers as `respond` says: per request a status, a body and an optional delay.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll } from "vitest";

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

const OK: Reply = { status: 200, body: "ok" };

/** The receiver of a whole test file (useReceiver), with the answers a test sets. */
export type FileReceiver = Omit<Receiver, "close"> & {
  /** how the receiver answers the index-th request of the file, until the test ends (then 200 "ok" again) */
  reply: (answer: (index: number) => Reply) => void;
};

/**
 * One receiver for the whole test file: started before all its tests, closed after them, answering 200 "ok"
 * unless a test says otherwise with `reply` (reset after each test). Its url, port and requests are read
 * once it has started (inside a test or a hook).
 */
export const useReceiver = (): FileReceiver => {
  let answer: (index: number) => Reply = () => OK;
  let started: Receiver | undefined;
  const current = () => {
    if (!started) throw new Error("the receiver starts in beforeAll: read it inside a test or a hook");
    return started;
  };
  beforeAll(async () => {
    started = await startReceiver({ respond: (_r, i) => answer(i) });
  });
  afterAll(async () => {
    await started?.close();
  });
  afterEach(() => {
    answer = () => OK;
  });
  return {
    get url() {
      return current().url;
    },
    get port() {
      return current().port;
    },
    get requests() {
      return current().requests;
    },
    forEvent: (eventId) => current().forEvent(eventId),
    reply: (a) => {
      answer = a;
    },
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

// The SDK's test server: the app's own /api/v1 dispatch (lib/ops/api-dispatch.ts, as `npm start` serves it)
// on an ephemeral port over the test file's real PostgreSQL database, and a tiny proxy in front of it that can
// answer a request with a status of the test's choosing before forwarding the next ones.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createApiDispatcher } from "../../lib/ops/api-dispatch.ts";

export type TestServer = { url: string; close: () => Promise<void> };

const listen = async (server: http.Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const closer = (server: http.Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export const startApi = async (): Promise<TestServer> => {
  const api = await createApiDispatcher({ port: 0, hostname: "127.0.0.1" });
  const server = http.createServer((req, res) => {
    if (!api.handle(req, res)) res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not the API","code":"NOT_FOUND"}');
  });
  return { url: await listen(server), close: closer(server) };
};

export type Seen = { method: string; path: string; idempotencyKey: string | undefined; answeredBy: "proxy" | "server"; status: number };

/** A proxy to `target` that answers the requests `intercept` picks itself (e.g. 503 with Retry-After) and forwards the rest. */
export const startProxy = async (
  target: string,
  intercept: (req: http.IncomingMessage, index: number) => { status: number; headers?: Record<string, string>; body?: string } | null,
): Promise<TestServer & { seen: Seen[] }> => {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const entry: Seen = {
        method: req.method ?? "GET",
        path: req.url ?? "/",
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
        answeredBy: "proxy",
        status: 0,
      };
      seen.push(entry);
      const own = intercept(req, seen.length - 1);
      if (own) {
        entry.status = own.status;
        res.writeHead(own.status, { "content-type": "application/json", ...own.headers }).end(own.body ?? "");
        return;
      }
      const headers = { ...req.headers };
      delete headers.host;
      const out = http.request(`${target}${req.url}`, { method: req.method, headers }, (answer) => {
        entry.answeredBy = "server";
        entry.status = answer.statusCode ?? 0;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on("error", () => res.writeHead(502).end());
      out.end(Buffer.concat(chunks));
    });
  });
  return { url: await listen(server), close: closer(server), seen };
};

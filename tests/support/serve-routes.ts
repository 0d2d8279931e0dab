// Serves route handlers over real HTTP on 127.0.0.1 (an ephemeral port), so a test can make its calls as
// an outside client does: with fetch, through a socket, headers and body as bytes. Each handler answers
// its declared method and path (`/api` + definition.path, `{name}` segments become params); anything
// else is a 404. The handlers run in the test's process, against the file's database.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { RouteHandler } from "../../lib/http/route.ts";

const toRequest = (req: IncomingMessage, url: URL): Request => {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
};

/** Starts the server; `api(path, init)` fetches `/api{path}` from it; `close()` stops it. */
export const serveRoutes = async (handlers: RouteHandler[]) => {
  const table = handlers.map((handler) => ({
    handler,
    method: handler.definition.method,
    pattern: new RegExp(`^/api${handler.definition.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`),
  }));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
    const found = table.find((t) => t.method === req.method && t.pattern.test(url.pathname));
    if (!found) {
      res
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ error: `no route ${req.method} ${url.pathname}`, code: "ROUTE_NOT_FOUND" }));
      return;
    }
    const params = Object.fromEntries(Object.entries(url.pathname.match(found.pattern)?.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
    found
      .handler(toRequest(req, url), { params: Promise.resolve(params) })
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  const api = async (path: string, { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: any = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    return { status: res.status, body: json, text };
  };
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { base, api, close };
};

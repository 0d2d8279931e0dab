// Serves route handlers over real HTTP on 127.0.0.1 (an ephemeral port), so a test can make its calls as
// an outside client does: with fetch, through a socket, headers and body as bytes. The server is the web
// process's own /api/v1 path (lib/ops/api-dispatch.ts around lib/ops/dispatch.ts) over a route table of
// these handlers, each at its declared method and path; anything else under /api/v1 is the API's JSON 404.
// The handlers run in the test's process, against the file's database.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { RouteHandler } from "../../lib/http/route.ts";
import { createApiDispatcher } from "../../lib/ops/api-dispatch.ts";
import { routeTableOf } from "../../lib/ops/route-table.ts";

/** Starts the server; `api(path, init)` fetches `/api{path}` from it; `close()` stops it. */
export const serveRoutes = async (handlers: RouteHandler[]) => {
  const table = routeTableOf(handlers.map((handler) => ({ method: handler.definition.method, path: handler.definition.path, handler })));
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const dispatcher = await createApiDispatcher({ port, hostname: "127.0.0.1", table });
  server.on("request", (req, res) => {
    if (!dispatcher.handle(req, res)) res.writeHead(404, { "content-type": "text/plain" }).end("not an /api/v1 path");
  });
  const base = `http://127.0.0.1:${port}/api`;
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
    return { status: res.status, body: json, text, headers: res.headers };
  };
  const close = () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  return { base, api, close };
};

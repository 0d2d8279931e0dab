// API_DISPATCH=direct (scripts/serve.ts, under `npm start`): /api/v1 requests go straight from node:http to
// the route() handlers, without Next.js's routing, proxy and response plumbing (about 2 ms of CPU a call:
// docs/benchmarks.md). The same declarations and handlers, matched with Next.js's precedence
// (lib/http/method-table.ts), params decoded per segment as Next.js decodes them. What Next.js adds around
// them is done here the same way: the JSON 405 with Allow of proxy.ts, the JSON 404 of app/api/v1/[...path],
// the security headers of next.config.mjs, and a request body that streams (the kernel's byte caps hold).
// Anything else (pages, /api/ready, HEAD and OPTIONS, a trailing slash, a malformed escape) is not ours:
// `handle` returns false and the caller passes the request to Next.js.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import { AppError, errorBody } from "../core/errors.ts";
import { bestMatch } from "../http/method-table.ts";
import { loadFallbackModule, ROUTE_MODULES, type RouteModule, type RouteModuleEntry } from "../http/route-modules.ts";
import { securityHeaders } from "../http/security-headers.mjs";

const METHODS = ["DELETE", "GET", "PATCH", "POST", "PUT"] as const;
type Params = Record<string, string | string[]>;
type Handler = (req: Request, context: { params: Promise<Params> }) => Response | Promise<Response>;
type Route = readonly [pattern: string, handlers: ReadonlyMap<string, Handler>, allow: string];

export type ApiDispatcher = {
  /** Answers an /api/v1 request and returns true, or returns false (and touches nothing) for Next.js to answer. */
  handle: (req: IncomingMessage, res: ServerResponse) => boolean;
};

export type DispatcherOptions = {
  /** the port and host name Next.js builds a route handler's request URL from (resolve-routes.js) */
  port: number;
  hostname?: string;
  dev?: boolean;
  /** the route modules (default: the generated lib/http/route-modules.ts) */
  modules?: readonly RouteModuleEntry[];
  loadFallback?: () => Promise<RouteModule>;
};

const handlersOf = (mod: RouteModule): Map<string, Handler> => {
  const out = new Map<string, Handler>();
  for (const m of METHODS) if (typeof mod[m] === "function") out.set(m, mod[m] as Handler);
  return out;
};

/** next.config.mjs `headers()` sources ("/:path*", "/checkout/:path*", "/portal/:businessId/...") as regular expressions. */
const sourcePattern = (source: string): RegExp =>
  new RegExp(
    `^${source
      .split(/(\/:[A-Za-z]+\*|:[A-Za-z]+)/)
      .map((part) => (part.startsWith("/:") && part.endsWith("*") ? "(?:/.*)?" : part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("")}$`,
  );

/** The security headers next.config.mjs sends with a response to `pathname` (a later rule overrides an earlier one). */
export const securityHeadersFor = (dev = false): ((pathname: string) => [string, string][]) => {
  const rules = securityHeaders({ dev }).map((r) => ({ pattern: sourcePattern(r.source), headers: r.headers }));
  return (pathname) => {
    const out = new Map<string, [string, string]>();
    for (const r of rules) if (r.pattern.test(pathname)) for (const h of r.headers) out.set(h.key.toLowerCase(), [h.key, h.value]);
    return [...out.values()];
  };
};

const gzip = promisify(gzipCallback);
/** Next.js compresses responses (`compress`, on by default) with the `compression` package: its 1 KB threshold, gzip. */
const COMPRESS_FROM_BYTES = 1024;
const compressible = (type: string) => /^(application\/(json|javascript|xml)|text\/)/i.test(type);

const newRequestId = () => `req_${randomUUID().replace(/-/g, "")}`;

const declaresBody = (req: IncomingMessage): boolean =>
  req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] !== undefined && Number(req.headers["content-length"]) !== 0);

/** The route's segments decoded (as Next.js matches and decodes them), or null for a path Next.js should answer. */
const segmentsOf = (pathname: string): string[] | null => {
  const raw = pathname.slice("/api/".length).split("/");
  const out: string[] = [];
  for (const s of raw) {
    if (s === "" || s === "." || s === "..") return null;
    try {
      out.push(decodeURIComponent(s));
    } catch {
      return null; // a malformed escape: Next.js's 400
    }
  }
  return out;
};

const toWebRequest = (req: IncomingMessage, url: string, method: string): Request => {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const one of v) headers.append(k, one);
    else headers.set(k, v);
  }
  const body = declaresBody(req) ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null;
  return new Request(url, { method, headers, body, ...(body ? { duplex: "half" } : {}) } as RequestInit);
};

const send = async (req: IncomingMessage, res: ServerResponse, response: Response, extra: [string, string][]): Promise<void> => {
  res.statusCode = response.status;
  for (const [k, v] of extra) res.setHeader(k, v);
  for (const [k, v] of response.headers) if (k !== "set-cookie") res.setHeader(k, v);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!response.body || response.status === 204 || response.status === 304) {
    res.end();
    return;
  }
  let bytes = Buffer.from(await response.arrayBuffer());
  if (compressible(response.headers.get("content-type") ?? "") && !response.headers.has("content-encoding")) {
    res.setHeader("vary", [response.headers.get("vary"), "Accept-Encoding"].filter(Boolean).join(", "));
    if (bytes.byteLength >= COMPRESS_FROM_BYTES && /\bgzip\b/i.test(String(req.headers["accept-encoding"] ?? ""))) {
      bytes = await gzip(bytes);
      res.setHeader("content-encoding", "gzip");
    }
  }
  res.setHeader("content-length", bytes.byteLength);
  res.end(bytes);
};

const sendJson = (req: IncomingMessage, res: ServerResponse, status: number, body: unknown, headers: Record<string, string>, extra: [string, string][]) =>
  send(req, res, new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } }), extra);

/** Loads every route module (at start, so no request pays for it) and returns the dispatcher. */
export const createApiDispatcher = async (options: DispatcherOptions): Promise<ApiDispatcher> => {
  const modules = options.modules ?? ROUTE_MODULES;
  const routes: Route[] = await Promise.all(
    modules.map(async ([pattern, load]): Promise<Route> => {
      const handlers = handlersOf(await load());
      return [pattern, handlers, [...handlers.keys()].sort().join(", ")];
    }),
  );
  const fallback = handlersOf(await (options.loadFallback ?? loadFallbackModule)());
  const headersFor = securityHeadersFor(options.dev);
  const origin = `http://${options.hostname ?? "localhost"}:${options.port}`;

  const answer = async (req: IncomingMessage, res: ServerResponse, method: string, pathname: string, segments: string[]) => {
    const extra = headersFor(pathname);
    const match = bestMatch(routes, segments);
    const handler = match ? match[1].get(method) : fallback.get(method);
    if (match && !handler) {
      // proxy.ts's 405: the JSON error body and the methods the route serves
      const requestId = req.headers["x-request-id"]?.toString().slice(0, 64) || newRequestId();
      const allowed = match[2];
      const refused = new AppError("METHOD_NOT_ALLOWED", `${method} is not supported on ${pathname}; use ${allowed}.`);
      const body = errorBody(refused, requestId, pathname.startsWith("/api/v1/campaign/"));
      return sendJson(req, res, 405, body, { allow: allowed, "x-request-id": requestId, ...(declaresBody(req) ? { connection: "close" } : {}) }, extra);
    }
    const params: Params = {};
    if (match)
      match[0]
        .split("/")
        .filter(Boolean)
        .forEach((p, i) => {
          if (p.startsWith("[")) params[p.slice(1, -1)] = segments[i]!;
        });
    else params.path = segments.slice(1);
    const proto = String(req.headers["x-forwarded-proto"] ?? "").includes("https") ? "https" : "http";
    const request = toWebRequest(req, `${proto}${origin.slice(4)}${req.url}`, method);
    const response = await handler!(request, { params: Promise.resolve(params) });
    await send(req, res, response, extra);
  };

  return {
    handle: (req, res) => {
      const url = req.url ?? "/";
      if (!url.startsWith("/api/v1/")) return false;
      const method = (req.method ?? "GET").toUpperCase();
      if (!(METHODS as readonly string[]).includes(method)) return false;
      const q = url.indexOf("?");
      const pathname = q === -1 ? url : url.slice(0, q);
      const segments = segmentsOf(pathname);
      if (!segments) return false;
      answer(req, res, method, pathname, segments).catch((err: unknown) => {
        const requestId = newRequestId();
        console.error(`[api] ${requestId} unexpected error`, err);
        if (res.headersSent) return void res.destroy();
        const body = errorBody(
          new AppError("INTERNAL_ERROR", `Something went wrong on our side. Quote request id ${requestId} if you contact support.`),
          requestId,
          false,
        );
        void sendJson(req, res, 500, body, { "x-request-id": requestId, connection: "close" }, headersFor(pathname));
      });
      return true;
    },
  };
};

// The node:http adapter of the /api/v1 dispatch (dispatch.ts), used by the web process of `npm start` and
// `npm run dev` (scripts/serve.ts): it turns an IncomingMessage into a Request (the body streams, so the
// kernel's byte caps hold for a chunked body and a large Content-Length), calls `dispatch`, and writes the
// Response back, gzipped from 1 KB when the client accepts it (as Next.js's `compress` does for its pages).
// A request this dispatch does not answer (not under /api/v1/, a trailing slash, a malformed escape)
// returns false, and the caller hands it to Next.js.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import { AppError, errorBody } from "../core/errors.ts";
import { appBaseUrl } from "../config/settings.ts";
import { apiSegmentsOf, createDispatch, FORBIDDEN_METHODS, hasMalformedEscape, refuseForbiddenMethod, type Dispatch } from "./dispatch.ts";
import { loadRouteTable, type RouteTable } from "./route-table.ts";

export type ApiDispatcher = {
  /** Answers an /api/v1 request and returns true, or returns false (and touches nothing) for Next.js to answer. */
  handle: (req: IncomingMessage, res: ServerResponse) => boolean;
  dispatch: Dispatch;
};

export type DispatcherOptions = {
  /** the port and host name a handler's request URL is built from (as Next.js builds it) */
  port: number;
  hostname?: string;
  dev?: boolean;
  /** the route table (default: every route under app/api/v1, route-table.ts) */
  table?: RouteTable;
};

const gzip = promisify(gzipCallback);
const COMPRESS_FROM_BYTES = 1024;
const compressible = (type: string) => /^(application\/(json|javascript|xml)|text\/)/i.test(type);

const declaresBody = (req: IncomingMessage): boolean =>
  req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] !== undefined && Number(req.headers["content-length"]) !== 0);

const toWebRequest = (req: IncomingMessage, url: string, method: string): Request => {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const one of v) headers.append(k, one);
    else headers.set(k, v);
  }
  const body = declaresBody(req) && method !== "GET" && method !== "HEAD" ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null;
  return new Request(url, { method, headers, body, ...(body ? { duplex: "half" } : {}) } as RequestInit);
};

const send = async (req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> => {
  res.statusCode = response.status;
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

/** Loads the route table (at start, so no request pays for it) and returns the dispatcher. */
export const createApiDispatcher = async (options: DispatcherOptions): Promise<ApiDispatcher> => {
  const table = options.table ?? (await loadRouteTable());
  const dispatch = createDispatch(table, { dev: options.dev });
  const refuse = refuseForbiddenMethod(table, { dev: options.dev });
  const origin = `//${options.hostname ?? "localhost"}:${options.port}`;

  return {
    dispatch,
    handle: (req, res) => {
      const url = req.url ?? "/";
      if (!url.startsWith("/api/v1/")) return false;
      const q = url.indexOf("?");
      const pathname = q === -1 ? url : url.slice(0, q);
      // a malformed escape is answered here too (a JSON 404 naming it); other paths we do not serve go to Next.js
      if (!apiSegmentsOf(pathname) && !hasMalformedEscape(pathname)) return false;
      const method = (req.method ?? "GET").toUpperCase();
      // TRACE, TRACK: `new Request` throws on them (it threw an uncaught exception here and the client waited)
      if (FORBIDDEN_METHODS.has(method)) {
        void send(req, res, refuse(method, pathname));
        return true;
      }
      const proto = String(req.headers["x-forwarded-proto"] ?? "").includes("https") ? "https:" : "http:";
      dispatch(toWebRequest(req, `${proto}${origin}${url}`, method))
        .then((response) => send(req, res, response))
        .catch((err: unknown) => {
          const requestId = `req_${randomUUID().replace(/-/g, "")}`;
          console.error(`[api] ${requestId} unexpected error`, err);
          if (res.headersSent) return void res.destroy();
          const body = errorBody(
            new AppError("INTERNAL_ERROR", `Something went wrong on our side. Quote request id ${requestId} if you contact support.`),
            requestId,
            false,
            appBaseUrl(),
          );
          res.writeHead(500, { "content-type": "application/json", "x-request-id": requestId, connection: "close" }).end(JSON.stringify(body));
        });
      return true;
    },
  };
};

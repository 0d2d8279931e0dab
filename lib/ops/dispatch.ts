// The one request path of /api/v1, at the level of fetch: `dispatch(Request) => Promise<Response>`. The web
// process (`npm start` and `npm run dev`, scripts/serve.ts through the node:http adapter in api-dispatch.ts)
// and the tests (tests/support/http.ts `call()`) all answer through it. It matches the route table
// (route-table.ts, Next.js's precedence: a static segment wins), decodes each path segment into the
// params, and answers what no handler does: a method the path does not serve (JSON 405 with Allow), a path
// no route serves (JSON 404), HEAD (the GET handler, without a body) and OPTIONS (204 with Allow). Every
// answer carries the security headers of next.config.mjs (lib/http/security-headers.mjs).
import { randomUUID } from "node:crypto";
import { AppError, errorBody } from "../core/errors.ts";
import { appBaseUrl } from "../config/settings.ts";
import { securityHeaders } from "../http/security-headers.mjs";
import { API_VERSION, API_VERSION_HEADER } from "../http/api-version.ts";
import { bestMatch, METHODS, type Params, type RouteTable } from "./route-table.ts";

export type Dispatch = (req: Request) => Promise<Response>;

const VERSION: [string, string] = [API_VERSION_HEADER, API_VERSION];

const newRequestId = () => `req_${randomUUID().replace(/-/g, "")}`;

/** next.config.mjs `headers()` sources ("/:path*", "/checkout/:path*", "/portal/:businessId/...") as regular expressions. */
const sourcePattern = (source: string): RegExp =>
  new RegExp(
    `^${source
      .split(/(\/:[A-Za-z]+\*|:[A-Za-z]+)/)
      .map((part) => (part.startsWith("/:") && part.endsWith("*") ? "(?:/.*)?" : part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("")}$`,
  );

/** The first segment a `headers()` source names ("/checkout/:path*" → "checkout"), or null when it begins with a parameter. */
const firstLiteral = (source: string): string | null => {
  const first = source.split("/")[1] ?? "";
  return first.startsWith(":") ? null : first;
};
/** Whether a source matches depends on the first segment only: "/:path*" and "/<segment>/:path*". */
const decidedByFirstSegment = (source: string): boolean => source === "/:path*" || /^\/[^/:]+\/:[A-Za-z]+\*$/.test(source);

/**
 * The security headers next.config.mjs sends with a response to `pathname` (a later rule overrides an earlier one).
 * Only the rules that can match the path's first segment are tested, and where all of those are decided by the
 * first segment alone (every /api/v1 path: only "/:path*" applies) the answer is computed once per segment.
 */
export const securityHeadersFor = (dev = false): ((pathname: string) => [string, string][]) => {
  const rules = securityHeaders({ dev }).map((r) => ({
    source: r.source,
    literal: firstLiteral(r.source),
    pattern: sourcePattern(r.source),
    headers: r.headers,
  }));
  const bySegment = new Map<string, [string, string][]>();
  const compute = (pathname: string, candidates: typeof rules) => {
    const out = new Map<string, [string, string]>();
    for (const r of candidates) if (r.pattern.test(pathname)) for (const h of r.headers) out.set(h.key.toLowerCase(), [h.key, h.value]);
    return [...out.values()];
  };
  return (pathname) => {
    const end = pathname.indexOf("/", 1);
    const segment = pathname.slice(1, end === -1 ? undefined : end);
    const cached = bySegment.get(segment);
    if (cached) return cached;
    const candidates = rules.filter((r) => r.literal === null || r.literal === segment);
    const headers = compute(pathname, candidates);
    if (candidates.every((r) => decidedByFirstSegment(r.source)) && bySegment.size < 64) bySegment.set(segment, headers);
    return headers;
  };
};

/**
 * The route's segments after /api, decoded one by one (["v1", "vc", "credits"]), or null for a path this
 * dispatch does not answer: outside /api/v1/, an empty, "." or ".." segment (a trailing slash), or a malformed
 * escape. The web process hands those to Next.js (its trailing-slash redirect, its 400, its 404 page).
 */
export const apiSegmentsOf = (pathname: string): string[] | null => {
  if (!pathname.startsWith("/api/v1/")) return null;
  const out: string[] = [];
  for (const s of pathname.slice("/api/".length).split("/")) {
    if (s === "" || s === "." || s === "..") return null;
    try {
      out.push(decodeURIComponent(s));
    } catch {
      return null;
    }
  }
  return out;
};

/**
 * Whether an /api/v1/ path holds a malformed percent-escape ("%E0%A4%A"): no endpoint can match it, and a JSON
 * client gets the API's JSON 404 naming the escape, not Next.js's HTML page.
 */
export const hasMalformedEscape = (pathname: string): boolean => {
  if (!pathname.startsWith("/api/v1/")) return false;
  try {
    for (const s of pathname.split("/")) decodeURIComponent(s);
    return false;
  } catch {
    return true;
  }
};

const jsonResponse = (status: number, body: unknown, headers: Record<string, string>) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

/** A request with a body the 405 does not read: the connection closes after the answer. */
const declaresBody = (req: Request) => req.headers.has("transfer-encoding") || Number(req.headers.get("content-length") ?? 0) > 0;

/** The security headers added to a handler's response (its own win), in place: no copy of the body on the hot path. */
const withHeaders = (res: Response, extra: [string, string][], dropBody: boolean): Response => {
  if (!dropBody)
    try {
      for (const [k, v] of extra) if (!res.headers.has(k)) res.headers.set(k, v);
      return res;
    } catch {
      // immutable headers (Response.redirect): copied below
    }
  const headers = new Headers(res.headers);
  for (const [k, v] of extra) if (!headers.has(k)) headers.set(k, v);
  return new Response(dropBody ? null : res.body, { status: res.status, statusText: res.statusText, headers });
};

/** The path of an absolute URL ("http://host/api/v1/x?y" → "/api/v1/x"), without parsing the whole URL. */
const pathnameOf = (url: string): string => {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start === -1) return "/";
  const q = url.indexOf("?", start);
  const h = url.indexOf("#", start);
  const end = Math.min(q === -1 ? url.length : q, h === -1 ? url.length : h);
  return url.slice(start, end);
};

/** Methods the fetch API refuses to carry: `new Request` throws on them, so no Request reaches `dispatch`. */
export const FORBIDDEN_METHODS: ReadonlySet<string> = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * The answer to a request whose method the fetch API cannot carry (FORBIDDEN_METHODS), for the node:http
 * adapter: the JSON 405 with Allow where a route serves the path, else the JSON 404, with the security headers,
 * and the connection closed (its body, if any, is not read). As `dispatch` answers any other method no route serves.
 */
export const refuseForbiddenMethod = (table: RouteTable, { dev = false }: { dev?: boolean } = {}) => {
  const headersFor = securityHeadersFor(dev);
  return (method: string, pathname: string): Response => {
    const segments = apiSegmentsOf(pathname);
    const match = segments ? bestMatch(table, segments) : null;
    const requestId = newRequestId();
    const headers: Record<string, string> = { "x-request-id": requestId, connection: "close" };
    let res: Response;
    if (match) {
      const refused = new AppError("METHOD_NOT_ALLOWED", `${method} is not supported on ${pathname}; use ${match[2]}.`);
      res = jsonResponse(405, errorBody(refused, requestId, pathname.startsWith("/api/v1/campaign/"), appBaseUrl()), { ...headers, allow: match[2] });
    } else {
      res = jsonResponse(
        404,
        errorBody(new AppError("ROUTE_NOT_FOUND", `There is no endpoint ${method} ${pathname}.`), requestId, false, appBaseUrl()),
        headers,
      );
    }
    return withHeaders(res, pathname.startsWith("/api/v1/") ? [...headersFor(pathname), VERSION] : headersFor(pathname), false);
  };
};

/** The dispatch of a route table. `dev`: development's security headers (the page policy allows eval for HMR). */
export const createDispatch = (table: RouteTable, { dev = false }: { dev?: boolean } = {}): Dispatch => {
  const headersFor = securityHeadersFor(dev);

  const answer = async (req: Request, pathname: string, segments: string[]): Promise<Response> => {
    const method = req.method.toUpperCase();
    const match = bestMatch(table, segments);
    if (!match) {
      if (method === "OPTIONS") return new Response(null, { status: 204, headers: { allow: [...METHODS, "HEAD", "OPTIONS"].sort().join(", ") } });
      const requestId = newRequestId();
      const err = new AppError("ROUTE_NOT_FOUND", `There is no endpoint ${method} ${pathname}. The endpoints are listed at /docs and /api/v1/openapi.json.`);
      return jsonResponse(404, errorBody(err, requestId, false, appBaseUrl()), { "x-request-id": requestId });
    }
    const [pattern, handlers, allowed] = match;
    if (method === "OPTIONS") {
      const allow = new Set([...handlers.keys(), "OPTIONS", ...(handlers.has("GET") ? ["HEAD"] : [])]);
      return new Response(null, { status: 204, headers: { allow: [...allow].sort().join(", ") } });
    }
    const handler = handlers.get(method === "HEAD" ? "GET" : method);
    if (!handler) {
      const requestId = req.headers.get("x-request-id")?.slice(0, 64) || newRequestId();
      const refused = new AppError("METHOD_NOT_ALLOWED", `${method} is not supported on ${pathname}; use ${allowed}.`);
      const body = errorBody(refused, requestId, pathname.startsWith("/api/v1/campaign/"), appBaseUrl());
      return jsonResponse(405, body, { allow: allowed, "x-request-id": requestId, ...(declaresBody(req) ? { connection: "close" } : {}) });
    }
    const params: Params = {};
    pattern
      .split("/")
      .filter(Boolean)
      .forEach((p, i) => {
        if (p.startsWith("[")) params[p.slice(1, -1)] = segments[i]!;
      });
    return handler(req, { params: Promise.resolve(params) });
  };

  return async (req) => {
    const pathname = pathnameOf(req.url);
    // every /api/v1 answer names the API version: the kernel's already do, the dispatch's own (404, 405, OPTIONS) here
    const extra = pathname.startsWith("/api/v1/") ? [...headersFor(pathname), VERSION] : headersFor(pathname);
    const segments = apiSegmentsOf(pathname);
    try {
      const res = segments
        ? await answer(req, pathname, segments)
        : jsonResponse(
            404,
            errorBody(
              new AppError(
                "ROUTE_NOT_FOUND",
                hasMalformedEscape(pathname)
                  ? `There is no endpoint ${req.method} ${pathname}: the path holds a malformed percent-escape (each % must be followed by two hex digits of a UTF-8 sequence).`
                  : `There is no endpoint ${req.method} ${pathname}.`,
              ),
              newRequestId(),
              false,
              appBaseUrl(),
            ),
            {},
          );
      return withHeaders(res, extra, req.method.toUpperCase() === "HEAD");
    } catch (err) {
      const requestId = newRequestId();
      console.error(`[api] ${requestId} unexpected error`, err);
      const body = errorBody(
        new AppError("INTERNAL_ERROR", `Something went wrong on our side. Quote request id ${requestId} if you contact support.`),
        requestId,
        false,
        appBaseUrl(),
      );
      return withHeaders(jsonResponse(500, body, { "x-request-id": requestId, connection: "close" }), extra, false);
    }
  };
};

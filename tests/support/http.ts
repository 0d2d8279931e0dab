// Calls route handlers in-process with real Request objects, through the API's one dispatch (lib/ops/dispatch.ts:
// matching, params decoded from the URL, 404/405, security headers), against the file's real database. Every 4xx
// error body a test sees is checked against the route's operation in the API document: a code the route
// does not declare fails the test, so the document and the server cannot drift; and every answer, its status, body
// and headers, is validated with Ajv against the served document (openapi-contract.ts).
import type { RouteHandler } from "../../lib/http/route.ts";
import { createDispatch, type Dispatch } from "../../lib/ops/dispatch.ts";
import { routeTableOf } from "../../lib/ops/route-table.ts";
import { contractProblemsOf } from "./openapi-contract.ts";
import { undocumentedErrorOf } from "./openapi-errors.ts";

export type Call = {
  headers?: Record<string, string | undefined>;
  body?: unknown;
  /** a raw body string, sent as is */
  rawBody?: string;
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
};

export type CallResult<T = any> = { status: number; body: T; text: string; headers: Headers };

/** Each handler's dispatch: a table of that one route (its declaration's method and path). */
const dispatches = new WeakMap<RouteHandler, Dispatch>();
const dispatchOf = (handler: RouteHandler): Dispatch => {
  let dispatch = dispatches.get(handler);
  if (!dispatch) {
    const { method, path } = handler.definition;
    dispatches.set(handler, (dispatch = createDispatch(routeTableOf([{ method, path, handler }]))));
  }
  return dispatch;
};

/**
 * Sends `handler`'s declared method to its declared path (`params` filled in, encoded) through the dispatch,
 * as the web process does.
 */
export const call = async <T = any>(handler: RouteHandler, opts: Call = {}): Promise<CallResult<T>> => {
  const def = handler.definition;
  let path = def.path;
  for (const [k, v] of Object.entries(opts.params ?? {})) path = path.replace(`{${k}}`, encodeURIComponent(v));
  const url = new URL(`http://localhost/api${path}`);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers = new Headers();
  for (const [k, v] of Object.entries(opts.headers ?? {})) if (v !== undefined) headers.set(k, v);
  const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  if (body !== undefined) headers.set("content-type", "application/json");
  const res = await dispatchOf(handler)(new Request(url, { method: def.method, headers, body }));
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  const code = res.status >= 400 && res.status < 500 ? (parsed as { code?: unknown } | undefined)?.code : undefined;
  if (typeof code === "string") {
    const problem = undocumentedErrorOf(def as never, res.status, code);
    if (problem) throw new Error(`Undocumented error response: ${problem}`);
  }
  const contract = await contractProblemsOf(def as never, { status: res.status, text, body: parsed, headers: res.headers });
  if (contract.length) throw new Error(`Response outside the API document (Ajv, tests/support/openapi-contract.ts):\n${contract.join("\n")}`);
  return { status: res.status, body: parsed as T, text, headers: res.headers };
};

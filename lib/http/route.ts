// The /v1 kernel: a route is a declaration plus one service call. The steps below run in order,
// each a small function of its own module: request id, API version, authentication and scopes,
// environment, input validation, idempotency, the service call, serialization, error mapping.
import { createHash, randomUUID } from "node:crypto";
import { z } from "zod";
import { isTest } from "../config/env.ts";
import { appBaseUrl } from "../config/settings.ts";
import { getDb } from "../db/client.ts";
import { hasReplicas, noteWrite, readDbFor, replicaReadFailed } from "../db/replica.ts";
import { inTransaction, pgCode, type SqlClient } from "../db/transaction.ts";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/is-database-unavailable.ts";
import { authenticate, requireOutsideGrace } from "./authenticate.ts";
import {
  idempotencyScope,
  type CampaignKeyActor,
  type CampaignScope,
  type GameScope,
  type PlatformCampaignScope,
  type PlatformKeyActor,
  type PlatformScope,
  type ServerKeyActor,
  type ServiceContext,
  type TargetBusinessScope,
} from "../core/context.ts";
import { AppError, errorBody, type ErrorCode } from "../core/errors.ts";
import { claimKey, requestHash, storeResponse, type StoredResponse } from "./idempotency.ts";
import { runGrouped, type GroupedService } from "./run-grouped.ts";
import { validateKey } from "../core/idempotency-key.ts";
import type { KeyKind } from "../core/environment.ts";
import { registerRoute } from "./registry.ts";
import { connectionCloseHeader, readCappedBody } from "./read-capped-body.ts";
import { parseOrThrow } from "../core/validation.ts";
import { strictBody } from "./strict-body.ts";
import { captureRequest, type RequestFacts } from "../request-log/capture-request.ts";
import { JsonText } from "../core/json-text.ts";
import { checkRateLimit } from "./rate-limit.ts";
import { API_VERSION } from "./api-version.ts";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type AnySchema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A handler may return the body, or `reply(...)` to choose the status and headers. */
export type Reply<T> = { __reply: true; body: T; status?: number; headers?: Record<string, string>; raw?: boolean; replayed?: boolean };
/**
 * `raw`: the body is a string sent as is (e.g. a CSV file; give its content-type in `headers`), not JSON.
 * `replayed`: the service recognised a repeat by its own key (an Idempotency-Key it dedupes itself, or a natural
 * key such as the email of a pending link session) and changed nothing: the answer carries `Idempotent-Replayed: true`,
 * as a kernel replay does (the route declares `replays: true`, so the API document lists the header).
 */
export const reply = <T>(body: T, opts: { status?: number; headers?: Record<string, string>; raw?: boolean; replayed?: boolean } = {}): Reply<T> => ({
  __reply: true,
  body,
  ...opts,
});

/** What a route's `targetBusiness` may say (see RouteDefinition). */
export type TargetBusiness = boolean | "campaign" | undefined;

/**
 * The service context a credential yields, decided by the declaration: a server key acts for its game, a
 * campaign key for its campaign, a platform key for its platform, or, on a `targetBusiness` route, for the
 * business it names (or the campaign in the path) under its grant, so `ctx.scope.businessId` is a string.
 */
export type ContextFor<A extends KeyKind, T extends TargetBusiness = undefined> = A extends "server"
  ? ServiceContext<GameScope, ServerKeyActor>
  : A extends "campaign"
    ? ServiceContext<CampaignScope, CampaignKeyActor>
    : ServiceContext<T extends true ? TargetBusinessScope : T extends "campaign" ? PlatformCampaignScope : PlatformScope, PlatformKeyActor>;

export type RouteDefinition<
  P extends AnySchema | undefined,
  Q extends AnySchema | undefined,
  B extends AnySchema | undefined,
  R extends AnySchema | undefined,
  A extends KeyKind = KeyKind,
  T extends TargetBusiness = TargetBusiness,
> = {
  method: Method;
  /** the spec path, e.g. "/v1/vc/credits"; a test checks it against the folder */
  path: string;
  summary: string;
  /** a longer explanation, shown above the generated lines on authentication, scope and idempotency */
  description?: string;
  /** an operation beyond the spec: the API document marks it `x-coinop-addition: true` */
  addition?: boolean;
  /**
   * "replica": the route only reads, and may read on a streaming replica (DATABASE_REPLICA_URL) when one has
   * replayed the caller's own last write (lib/db/replica.ts); without replicas it changes nothing.
   */
  reads?: "replica";
  /**
   * an operation on its way out (docs/api-versioning.md): every answer carries Deprecation, Sunset and Link, and
   * the API document marks the operation `deprecated: true`; announce it in CHANGELOG.md
   */
  deprecated?: Deprecated;
  tags: string[];
  /** the credential: one kind, or several for routes any of them may call (the context is then a union) */
  auth: A | readonly A[];
  /** platform routes: the scope the call needs */
  scope?: string;
  /**
   * platform routes marked TB: X-Target-Business-Id is required and needs an active grant; "campaign": the
   * business is the owner of the campaign in the path (`{campaignId}`), which needs an active grant (else 404)
   */
  targetBusiness?: T;
  /**
   * target routes a live platform may call for a business that is not approved to go live yet (issue 28): what the
   * business needs on its way to approval. Every other live call for it is 403 BUSINESS_NOT_ACTIVATED (authenticate.ts).
   */
  beforeActivation?: boolean;
  /** Idem = required, Idem(opt) = optional; "service" = required, but the service dedupes (no kernel replay) */
  idempotency: "required" | "optional" | "none" | "service";
  /** with idempotency "none": the service itself reads an optional Idempotency-Key (documented as a header) */
  serviceIdempotencyKey?: boolean;
  /**
   * the service recognises a repeat itself (by an Idempotency-Key it dedupes, or a natural key) and answers it
   * with reply(..., { replayed: true }): the success responses document `Idempotent-Replayed`. Implied by
   * idempotency "required", "optional" and "service" and by serviceIdempotencyKey.
   */
  replays?: boolean;
  /**
   * The codes of lib/core/errors.ts the route's services can raise, beyond the kernel's own (401,
   * validation, 413, 415, idempotency, 404 with path params): the API document lists them per status.
   */
  errors?: readonly ErrorCode[];
  /** the campaign family adds "success": false to error bodies */
  successEnvelope?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** "multipart": the body is multipart/form-data (up to 6 MB), read as raw bytes and handed over as `form` */
  bodyType?: "json" | "multipart";
  /** the success status and body schema (used for the API document, and checked in tests) */
  response: {
    status: number;
    schema?: R;
    description?: string;
    /** the success response carries a Location header */
    location?: boolean;
    /** a non-JSON success body (e.g. "text/csv"), sent with reply(text, { raw: true }) */
    contentType?: string;
    /** headers the success response carries beyond the kernel's (e.g. Content-Disposition on a file): the API document lists them */
    headers?: Record<string, { description: string; required?: boolean }>;
    /** another success status the handler may answer with the same body (e.g. 200 for an existing resource) */
    alternate?: { status: number; description: string };
  };
  handler: (input: { ctx: ContextFor<A, T>; params: Out<P>; query: Out<Q>; body: Out<B>; form: FormData | undefined; req: Request }) => Promise<unknown>;
  /**
   * Group commit (run-grouped.ts): concurrent calls with an Idempotency-Key from one key owner are written
   * together in one transaction, on node-postgres (lib/db/pg-transaction.ts). `prepare`, given the calls in
   * order before the transaction (each context's `db` is the process-wide client: reads only), returns per call
   * what `write` needs, or the AppError the call gets. `write`, in the transaction (`tx`, raw SQL only), returns
   * per prepared call what `handler` would return, or the AppError it would throw; a call that gets an error
   * must have written nothing. The same services as `handler`, called for many.
   */
  grouped?: {
    prepare: (calls: { ctx: ContextFor<A, T>; body: Out<B> }[]) => Promise<unknown[]>;
    write: (tx: SqlClient, calls: { ctx: ContextFor<A, T>; body: Out<B>; prepared: unknown }[]) => Promise<unknown[]>;
  };
};

type NextContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = ((req: Request, context: NextContext) => Promise<Response>) & {
  definition: RouteDefinition<AnySchema | undefined, AnySchema | undefined, AnySchema | undefined, AnySchema | undefined>;
};

/** Byte caps, enforced while the body streams in (read-capped-body.ts). */
export const MAX_BODY_BYTES = 1_000_000;
export const MAX_MULTIPART_BYTES = 6_000_000;
/** Far deeper than any documented body (metadata objects included), far shallower than what overflows the stack. */
const MAX_BODY_DEPTH = 64;

const json = (status: number, body: unknown, headers: Record<string, string>): Response =>
  status === 204
    ? new Response(null, { status, headers })
    : new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });

/** An operation on its way out (docs/api-versioning.md): since when it is deprecated, when it goes, and where to read why. */
export type Deprecated = { since: Date; sunset: Date; link: string };

/** The headers a deprecated operation sends on every answer: Deprecation (RFC 9745), Sunset (RFC 8594) and their Link. */
export const deprecationHeaders = (d: Deprecated): Record<string, string> => ({
  deprecation: `@${Math.floor(d.since.getTime() / 1000)}`,
  sunset: d.sunset.toUTCString(),
  link: `<${d.link}>; rel="deprecation"; type="text/html", <${d.link}>; rel="sunset"; type="text/html"`,
});

const checkVersion = (req: Request) => {
  const v = req.headers.get("x-service-api-version");
  if (v !== null && v.trim() !== API_VERSION)
    throw new AppError("UNSUPPORTED_API_VERSION", `X-Service-API-Version "${v}" is not supported; use "v1" or omit the header.`);
};

const readBody = async (req: Request, hasSchema: boolean): Promise<{ raw: string; value: unknown }> => {
  const raw = new TextDecoder().decode(await readCappedBody(req, MAX_BODY_BYTES));
  if (!hasSchema || raw.trim() === "") return { raw, value: hasSchema ? {} : undefined };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError("INVALID_JSON", "The request body is not valid JSON.");
  }
  if (nestsDeeperThan(value, MAX_BODY_DEPTH))
    throw new AppError("BODY_TOO_DEEP", `The request body nests objects and arrays more than ${MAX_BODY_DEPTH} levels deep; flatten it.`);
  // decoded bytes are always well-formed; only a \uD800–\uDFFF escape can leave half of a surrogate pair
  if (/\\u[dD][89a-fA-F]/.test(raw) && holdsLoneSurrogate(value))
    throw new AppError(
      "INVALID_CHARACTERS",
      "The request body contains half of a UTF-16 surrogate pair (a \\uD800–\\uDFFF escape without its partner), which no field can hold; send the whole character.",
    );
  return { raw, value };
};

/** Whether a string of `value` (a key or a value, at any depth) is not well-formed UTF-16. */
const holdsLoneSurrogate = (value: unknown): boolean => {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (!v.isWellFormed()) return true;
    } else if (v !== null && typeof v === "object") {
      for (const [k, child] of Array.isArray(v) ? v.entries() : Object.entries(v)) {
        if (typeof k === "string" && !k.isWellFormed()) return true;
        stack.push(child);
      }
    }
  }
  return false;
};

/**
 * Whether `value` nests objects and arrays more than `max` levels deep (the top level is 1), walked without
 * recursion: JSON.parse accepts any depth, but JSON.stringify (metadata size checks, jsonb columns) overflows the stack.
 */
const nestsDeeperThan = (value: unknown, max: number): boolean => {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
};

/**
 * A multipart body, parsed. For idempotency it is hashed by content (each part's name, and its text or its
 * file name, type and SHA-256), not by raw bytes: a client that retries re-encodes the form with a new boundary.
 */
const readMultipart = async (req: Request): Promise<{ raw: string; form: FormData }> => {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type))
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "This call takes a multipart/form-data body (with a boundary in the Content-Type header).");
  const bytes = await readCappedBody(req, MAX_MULTIPART_BYTES);
  try {
    const form = await new Request(req.url, { method: req.method, headers: { "content-type": type }, body: bytes }).formData();
    const parts: unknown[] = [];
    for (const [name, v] of form.entries())
      parts.push(
        typeof v === "string"
          ? [name, v]
          : [
              name,
              {
                file: v.name,
                type: v.type,
                sha256: createHash("sha256")
                  .update(new Uint8Array(await v.arrayBuffer()))
                  .digest("hex"),
              },
            ],
      );
    return { raw: JSON.stringify(parts), form };
  } catch {
    throw new AppError("INVALID_MULTIPART", "The multipart/form-data body could not be parsed; check the boundary and the part headers.");
  }
};

const queryObject = (url: URL): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) out[k] = v;
  return out;
};

/** Maps any thrown value to an AppError; unknown errors become a generic 500 and are logged. */
export const toAppError = (err: unknown, requestId: string): AppError => {
  if (err instanceof AppError) return err;
  if (isDatabaseUnavailable(err))
    return new AppError(
      "SERVICE_UNAVAILABLE",
      `The service cannot reach its database for the moment; retry in ${DATABASE_RETRY_AFTER_SECONDS} s with the same Idempotency-Key.`,
    );
  const code = pgCode(err);
  if (code === "22003") return new AppError("AMOUNT_OUT_OF_RANGE", "The amount is out of the range a balance can hold.");
  if (code === "23514") return new AppError("INSUFFICIENT_FUNDS", "The balance is too low for this operation.");
  // A NUL character (\u0000) anywhere in a path, query or body string: PostgreSQL text and jsonb cannot hold it.
  if (code === "22021" || code === "22P05")
    return new AppError("INVALID_CHARACTERS", "The request contains a NUL character (\\u0000), which no field can hold; remove it.");
  console.error(`[api] ${requestId} unexpected error`, err);
  return new AppError("INTERNAL_ERROR", `Something went wrong on our side. Quote request id ${requestId} if you contact support.`);
};

/** Declares a /v1 route. The returned function is the Next.js route handler. */
export const route = <
  A extends KeyKind,
  P extends AnySchema | undefined = undefined,
  Q extends AnySchema | undefined = undefined,
  B extends AnySchema | undefined = undefined,
  R extends AnySchema | undefined = undefined,
  T extends TargetBusiness = undefined,
>(
  def: RouteDefinition<P, Q, B, R, A, T>,
): RouteHandler => {
  // an unknown body field is a 400 naming it (strict-body.ts); the document shows the same strict schema
  if (def.body) def = { ...def, body: strictBody(def.body) };
  // a list page's answer (`{ items, pagination }`) names no object at its top: the request log may keep it unparsed
  const deprecation = def.deprecated ? deprecationHeaders(def.deprecated) : {};
  const listPage = def.response.schema instanceof z.ZodObject && Object.keys(def.response.schema.shape).sort().join() === "items,pagination";
  const handler = async (req: Request, context: NextContext): Promise<Response> => {
    const requestId = req.headers.get("x-request-id")?.slice(0, 64) || `req_${randomUUID().replace(/-/g, "")}`;
    // the request id, then (once the key is known) its rate limit's headers: on every answer, errors included
    let baseHeaders: Record<string, string> = { "x-request-id": requestId, "x-service-api-version": API_VERSION, ...deprecation };
    // what the request log keeps (lib/request-log): buffered, written in batches off this path
    const started = performance.now();
    const seen: { facts: RequestFacts; params?: Record<string, string | string[]>; raw?: string; replayed?: boolean } = { facts: {} };
    const done = (res: Response, body: string, errorCode?: string): Response => {
      const latencyMs = performance.now() - started;
      captureRequest({
        requestId,
        at: new Date(Date.now() - latencyMs),
        method: req.method,
        path: req.url.slice(req.url.indexOf("/", req.url.indexOf("//") + 2)),
        route: def.path,
        params: seen.params,
        status: res.status,
        latencyMs,
        idempotencyKey: req.headers.get("idempotency-key"),
        errorCode,
        replayed: seen.replayed,
        requestBody: seen.raw,
        responseBody: body,
        listPage: listPage && res.status === def.response.status,
        facts: seen.facts,
      });
      return res;
    };
    try {
      checkVersion(req);
      // the key's rate limit (rate-limit.ts), charged as soon as the key is known to be valid, before anything is
      // read or written (a refused request changes nothing) and before the scope, grant and business checks (their
      // refusals count and carry the headers too)
      const keyCall = await authenticate(req, def, seen.facts, (keyId, env) => {
        const limited = checkRateLimit(keyId, env);
        baseHeaders = { ...baseHeaders, ...limited.headers };
        if (limited.refused) throw limited.refused;
      });
      // Test helpers exist only for test-environment keys: a live key gets 404 before anything is read.
      if (def.path.startsWith("/v1/test-helpers/") && keyCall.scope.environment !== "test")
        throw new AppError("NOT_FOUND", "Test helpers exist only for test-environment keys.");
      const url = new URL(req.url);
      const rawParams = (await context?.params) ?? {};
      seen.params = rawParams;
      if (
        keyCall.actor.kind === "campaign" &&
        keyCall.scope.kind === "campaign" &&
        typeof rawParams.id === "string" &&
        rawParams.id !== keyCall.scope.campaignId
      )
        throw new AppError("CAMPAIGN_NOT_FOUND", "No campaign with this id belongs to this campaign key.");
      const params = def.params ? parseOrThrow(def.params, rawParams, "params") : undefined;
      const query = def.query ? parseOrThrow(def.query, queryObject(url), "query") : undefined;
      const multipart = def.bodyType === "multipart" ? await readMultipart(req) : undefined;
      const { raw, value } = multipart ? { raw: multipart.raw, value: undefined } : await readBody(req, Boolean(def.body));
      seen.raw = raw;
      const body = def.body && !multipart ? parseOrThrow(def.body, value, "body") : undefined;

      const headerKey = req.headers.get("idempotency-key");
      const checkedKey = def.idempotency === "none" || headerKey === null ? undefined : validateKey(headerKey);
      if ((def.idempotency === "required" || def.idempotency === "service") && !checkedKey)
        throw new AppError("IDEMPOTENCY_KEY_REQUIRED", "This call needs an Idempotency-Key header (any unique string, for example a UUID).");

      // a read-only route runs on a replica when one has the caller's own writes (lib/db/replica.ts)
      const db = def.reads === "replica" ? await readDbFor(keyCall.actor.keyId) : getDb();
      const ctx: ServiceContext = { db, actor: keyCall.actor, scope: keyCall.scope, requestId, idempotencyKey: headerKey ?? undefined };
      const call = async (c: ServiceContext): Promise<StoredResponse> => {
        requireOutsideGrace(def.scope, keyCall);
        const out = await def.handler({
          ctx: c as ContextFor<A, T>,
          params: params as Out<P>,
          query: query as Out<Q>,
          body: body as Out<B>,
          form: multipart?.form,
          req,
        });
        return storedOf(out);
      };

      let result: StoredResponse;
      let replayed = false;
      // "service": the key is required and the service itself makes the call idempotent (no replay here).
      const idemKey = def.idempotency === "service" ? undefined : checkedKey;
      if (idemKey) {
        const scope = idempotencyScope(keyCall);
        const hash = requestHash(req.method, url.pathname + url.search, raw);
        const alone = () =>
          inTransaction(undefined, async (tx) => {
            const stored = await claimKey(tx, { scope, key: idemKey, hash });
            if (stored) return { response: stored, replayed: true };
            const response = await call({ ...ctx, db: tx });
            await storeResponse(tx, { scope, key: idemKey, hash, response });
            return { response, replayed: false };
          });
        const outcome = grouped
          ? await grouped.submit(`${scope}\n${keyCall.scope.environment}`, { claim: { scope, key: idemKey, hash }, ctx, body, alone })
          : await alone();
        result = outcome.response;
        replayed = outcome.replayed;
      } else {
        try {
          result = await call(ctx);
        } catch (err) {
          // a replica that fails a read (down, or a conflict with recovery): the read runs again on the primary
          if (!replicaReadFailed(ctx.db, err)) throw err;
          result = await call({ ...ctx, db: getDb() });
        }
      }
      // the caller wrote: its next replica reads wait until a replica has this write
      if (def.method !== "GET" && hasReplicas()) await noteWrite(keyCall.actor.keyId);
      const headers: Record<string, string> = { ...baseHeaders, ...result.headers, ...(replayed ? { "idempotent-replayed": "true" } : {}) };
      // the request log counts a service-recognised repeat as a replay too (it wrote nothing)
      seen.replayed = replayed || headers["idempotent-replayed"] === "true";
      if (result.status === 204) return done(new Response(null, { status: 204, headers }), "");
      return done(
        new Response(result.body, { status: result.status, headers: { "content-type": "application/json; charset=utf-8", ...headers } }),
        result.body,
      );
    } catch (err) {
      const appErr = toAppError(err, requestId);
      const retryAfter: Record<string, string> = appErr.key === "SERVICE_UNAVAILABLE" ? { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) } : {};
      const bodyOut = errorBody(appErr, requestId, Boolean(def.successEnvelope), appBaseUrl());
      return done(json(appErr.status, bodyOut, { ...baseHeaders, ...retryAfter, ...connectionCloseHeader(req) }), JSON.stringify(bodyOut), appErr.code);
    }
  };
  /** the success answer a handler's return value (a body, or reply(...)) becomes */
  const storedOf = (out: unknown): StoredResponse => {
    const r = (out && typeof out === "object" && (out as Reply<unknown>).__reply ? out : { body: out }) as Reply<unknown>;
    const status = r.status ?? def.response.status;
    // an answer the service wrote as JSON text itself (lib/core/json-text.ts) is sent as is
    const written = r.body instanceof JsonText ? r.body.text : undefined;
    if (isTest() && def.response.schema && status === def.response.status) {
      const check = def.response.schema.safeParse(written === undefined ? r.body : JSON.parse(written));
      if (!check.success) throw new Error(`Response of ${def.method} ${def.path} does not match its schema: ${check.error.message}`);
    }
    const body = status === 204 ? "" : (written ?? (r.raw ? String(r.body) : JSON.stringify(r.body)));
    // a repeat the service recognised says so as a kernel replay does (and a stored copy keeps saying it)
    return { status, headers: { ...r.headers, ...(r.replayed ? { "idempotent-replayed": "true" } : {}) }, body };
  };
  const grouped = def.grouped ? runGrouped(def.grouped as GroupedService, storedOf) : undefined;
  if (def.reads === "replica" && def.method !== "GET") throw new Error(`${def.method} ${def.path}: only a GET route may read on a replica`);
  const routeHandler = handler as RouteHandler;
  routeHandler.definition = def as unknown as RouteHandler["definition"];
  registerRoute(routeHandler.definition);
  return routeHandler;
};

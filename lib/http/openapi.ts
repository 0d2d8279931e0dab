// Builds the OpenAPI 3.1 document from the route declarations (the same zod schemas that validate requests).
import { z } from "zod";
import { ERRORS, wireCode, type ErrorCode } from "../core/errors.ts";
import { KEY_ADMIN_SCOPES } from "../platform/scopes.ts";
import type { RegisteredRoute } from "./registry.ts";
import { gatesActivation } from "./authenticate.ts";
import { addExamples } from "./openapi-examples.ts";

type Json = Record<string, unknown>;

/**
 * A `.meta({ type: … })` on a nullable schema puts its `type` beside zod's `anyOf [X, {type: "null"}]`, where
 * it forbids the null the anyOf allows (JSON Schema applies both): widen every such `type` to take null too,
 * so the document accepts null wherever zod does.
 */
const nullableTypes = (node: unknown): void => {
  if (Array.isArray(node)) return node.forEach(nullableTypes);
  if (!node || typeof node !== "object") return;
  const s = node as Json;
  const branches = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  const allowsNull = (b: Json) => b.type === "null" || (Array.isArray(b.type) && b.type.includes("null"));
  if (Array.isArray(branches) && branches.some(allowsNull) && s.type !== undefined && !allowsNull(s))
    s.type = [...(Array.isArray(s.type) ? s.type : [s.type]), "null"];
  for (const v of Object.values(s)) nullableTypes(v);
};

/**
 * The named schemas met while one document is built: a zod schema with `.meta({ id })` (its definition in
 * lib/<area>/schemas.ts) is emitted once under components.schemas and referenced by `$ref` wherever it appears.
 * Requests and responses are converted apart (zod's io "input" and "output"); a named schema whose request
 * form differs from its response form (defaults, coercions) is emitted twice, the request one as `<id>Input`.
 * docs/decisions/openapi-schemas.md.
 */
type Named = { output: Map<string, Json>; input: Map<string, Json> };
let named: Named | undefined;
const INPUT_MARK = "~input";

/** Points zod's local `#/$defs/X` at components.schemas (a request form marked, resolved in namedSchemas). */
const rewriteRefs = (node: unknown, io: "input" | "output"): void => {
  if (Array.isArray(node)) return node.forEach((n) => rewriteRefs(n, io));
  if (!node || typeof node !== "object") return;
  const s = node as Json;
  if (typeof s.$ref === "string" && s.$ref.startsWith("#/$defs/"))
    s.$ref = `#/components/schemas/${decodeURIComponent(s.$ref.slice("#/$defs/".length))}${io === "input" ? INPUT_MARK : ""}`;
  for (const v of Object.values(s)) rewriteRefs(v, io);
};

const toSchema = (schema: z.ZodType, io: "input" | "output"): Json => {
  const s = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    // a coerced date (z.coerce.date()) is sent as an ISO 8601 string; anything else without a JSON form takes any value
    unrepresentable: ({ zodSchema }) => (zodSchema._zod.def.type === "date" ? { type: "string", format: "date-time" } : "any"),
  }) as Json;
  delete s.$schema;
  const defs = (s.$defs ?? {}) as Record<string, Json>;
  delete s.$defs;
  for (const [id, node] of [[undefined, s] as const, ...Object.entries(defs)]) {
    nullableTypes(node);
    addExamples(node, "", id);
    rewriteRefs(node, io);
  }
  for (const [id, def] of Object.entries(defs)) {
    if (!named) throw new Error(`openapi: the named schema ${id} was met outside buildOpenApiDocument`);
    const seen = named[io].get(id);
    if (seen && JSON.stringify(seen) !== JSON.stringify(def)) throw new Error(`openapi: two different schemas are named ${id} (.meta({ id }))`);
    named[io].set(id, def);
  }
  return s;
};

/** components.schemas from the named schemas met, and the final name of each marked request-form reference. */
const namedSchemas = (n: Named): { schemas: Record<string, Json>; inputName: Map<string, string> } => {
  const schemas: Record<string, Json> = {};
  const inputName = new Map<string, string>();
  for (const [id, def] of n.output) schemas[id] = def;
  for (const [id, def] of n.input) {
    const out = n.output.get(id);
    const name = !out || JSON.stringify(out) === JSON.stringify(def) ? id : `${id}Input`;
    inputName.set(id, name);
    schemas[name] = def;
  }
  return { schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))), inputName };
};

const resolveInputRefs = (node: unknown, inputName: Map<string, string>): void => {
  if (Array.isArray(node)) return node.forEach((x) => resolveInputRefs(x, inputName));
  if (!node || typeof node !== "object") return;
  const s = node as Json;
  if (typeof s.$ref === "string" && s.$ref.endsWith(INPUT_MARK)) {
    const id = s.$ref.slice("#/components/schemas/".length, -INPUT_MARK.length);
    s.$ref = `#/components/schemas/${inputName.get(id) ?? id}`;
  }
  for (const v of Object.values(s)) resolveInputRefs(v, inputName);
};

const objectParams = (schema: z.ZodType | undefined, where: "path" | "query"): Json[] => {
  if (!schema) return [];
  const s = toSchema(schema, "input");
  const props = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required ?? []) as string[]);
  return Object.entries(props).map(([name, p]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    ...(p.description ? { description: p.description } : {}),
    schema: p,
  }));
};

const ERROR_SCHEMA = {
  type: "object",
  required: ["error", "code", "docUrl", "requestId"],
  properties: {
    success: { type: "boolean", const: false, description: "present on campaign-key routes" },
    error: { type: "string", description: "what went wrong and what to fix", examples: ["amountUnits: must be a positive whole number"] },
    code: {
      type: "string",
      description: "a stable machine-readable code, e.g. VALIDATION_ERROR; one code always has one HTTP status",
      examples: ["VALIDATION_ERROR"],
    },
    docUrl: {
      type: "string",
      format: "uri",
      examples: ["https://coinop.example/docs/errors#VALIDATION_ERROR"],
      description: "Addition (issue 29): the absolute URL of the code's entry on the error page, /docs/errors#CODE",
      "x-coinop-addition": true,
    },
    details: {
      type: "array",
      description: "one entry per invalid field",
      items: {
        type: "object",
        required: ["field", "message"],
        properties: {
          field: { type: "string", examples: ["amountUnits"] },
          message: { type: "string", examples: ["must be a positive whole number"] },
        },
      },
    },
    requestId: { type: "string", examples: ["req_6790a1b2c3d4e5f601234567"] },
  },
};

/**
 * Each key scheme's `x-example`: the format of its key, `<env>` and `...` where a real key has `test`/`live` and 48
 * hex characters, so it cannot be taken for a key (a call made with it answers 401 UNAUTHORIZED). ASCII only: a
 * browser refuses to send a header value with "…" in it (Scalar's "Send" failed so). /docs
 * puts it in Scalar's "try it" form and code samples (app/docs/route.tsx; docs/decisions/openapi-schemas.md).
 */
export const KEY_PLACEHOLDERS = {
  serverKey: "service_server_<env>_...",
  gameId: "<your game id>",
  serverApiKey: "service_server_<env>_...",
  campaignKey: "service_campaign_<env>_...",
  campaignId: "<your campaign id>",
  platformKey: "service_platform_<env>_...",
} as const;

const SECURITY_SCHEMES: Record<keyof typeof KEY_PLACEHOLDERS, Json> = {
  serverKey: {
    type: "http",
    scheme: "bearer",
    description:
      "Game server key, `service_server_<env>_…`: `service_server_test_` or `service_server_live_` then 48 hex characters (the portal's API keys page). Sent as `Authorization: Bearer <key>`, with X-Game-Id.",
  },
  gameId: { type: "apiKey", in: "header", name: "X-Game-Id", description: "The game the server key belongs to (its id, 24 hex characters)." },
  serverApiKey: {
    type: "apiKey",
    in: "header",
    name: "x-server-api-key",
    description: "Alternative form: the server key (`service_server_<env>_…`) in this header; X-Game-Id may then be omitted.",
  },
  campaignKey: {
    type: "http",
    scheme: "bearer",
    description: "Campaign key, `service_campaign_<env>_…` then 48 hex characters. Sent as `Authorization: Bearer <key>`, with X-Campaign-Id.",
  },
  campaignId: { type: "apiKey", in: "header", name: "X-Campaign-Id", description: "The campaign the campaign key belongs to." },
  platformKey: {
    type: "http",
    scheme: "bearer",
    description: "Platform key, `service_platform_<env>_…` then 48 hex characters. Sent as `Authorization: Bearer <key>`.",
  },
};
for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) scheme["x-example"] = KEY_PLACEHOLDERS[name as keyof typeof KEY_PLACEHOLDERS];

const SECURITY: Record<string, Json[]> = {
  server: [{ serverKey: [], gameId: [] }, { serverApiKey: [] }],
  campaign: [{ campaignKey: [], campaignId: [] }],
  platform: [{ platformKey: [] }],
};

const HEADERS = {
  RequestId: { description: "The request id (echoes a sent x-request-id); quote it to support.", schema: { type: "string" } },
  ApiVersion: {
    description: "The API version that answered (docs/api-versioning.md); a request may name it in the same header.",
    required: true,
    schema: { type: "string", enum: ["v1"] },
  },
  IdempotentReplayed: {
    description:
      '"true" when this call changed nothing because an earlier one with the same key already did, and the answer describes that earlier call: the stored response of a request with the same Idempotency-Key, or a repeat the service recognised by its own key (the same Idempotency-Key or natural key, e.g. an existing assignment, a pending link session of the same email, a gameplay event or listener attempt already recorded). Absent on a first call.',
    schema: { type: "string", enum: ["true"] },
  },
  Location: { description: "The URL of the created resource.", schema: { type: "string", format: "uri" } },
  RateLimitLimit: {
    description:
      "The size of this API key's token bucket: the requests it may send at once. Every answer to a request with a valid key carries it, a 401 included when the key was valid and a header after it was not (none when the server runs without rate limits).",
    schema: { type: "integer", minimum: 1 },
  },
  RateLimitRemaining: {
    description: "Requests this API key may still send at once after this one; a token comes back every 1/rate seconds.",
    schema: { type: "integer", minimum: 0 },
  },
  RateLimitReset: { description: "Seconds until this API key's bucket is full again.", schema: { type: "integer", minimum: 0 } },
  RetryAfter: {
    description:
      "Seconds to wait before retrying: on a 429, until this API key has a token again (the request did nothing); on a 503 SERVICE_UNAVAILABLE, until the database should be back (retry with the same Idempotency-Key).",
    schema: { type: "integer", minimum: 1 },
  },
};
const header = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });
/**
 * Sent on every answer to a request whose key is valid (lib/http/rate-limit.ts): a 401 carries them too when the
 * key itself was valid and what followed it was not (X-Game-Id naming another game, a missing X-Campaign-Id).
 */
const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": header("RateLimitLimit"),
  "RateLimit-Remaining": header("RateLimitRemaining"),
  "RateLimit-Reset": header("RateLimitReset"),
};
/** The 429's: always sent there. */
const REQUIRED_ON_429 = {
  "RateLimit-Limit": { ...HEADERS.RateLimitLimit, required: true },
  "RateLimit-Remaining": { ...HEADERS.RateLimitRemaining, required: true },
  "RateLimit-Reset": { ...HEADERS.RateLimitReset, required: true },
  "Retry-After": { ...HEADERS.RetryAfter, description: "Seconds until this API key has a token again; the refused request did nothing.", required: true },
};

/** A deprecated operation's notice (docs/api-versioning.md), written inline: components unused while nothing is deprecated fail the linters. */
const DEPRECATION_HEADERS = {
  Deprecation: {
    description: 'The operation is deprecated, since this date (RFC 9745, `@` and Unix seconds); see Sunset and the Link with rel="deprecation".',
    required: true,
    schema: { type: "string", pattern: "^@-?[0-9]+$" },
  },
  Sunset: {
    description: "When the deprecated operation stops answering (RFC 8594, an HTTP date).",
    required: true,
    schema: { type: "string" },
  },
  DeprecationLink: {
    description: 'Where the deprecation is explained: `<url>; rel="deprecation"` and `<url>; rel="sunset"` (RFC 9745, RFC 8594).',
    required: true,
    schema: { type: "string" },
  },
};

/** What every answer of an operation carries beyond its own: the API version, and a deprecated operation's notice. */
const commonHeaders = (r: RegisteredRoute) => ({
  "X-Service-API-Version": header("ApiVersion"),
  ...(r.deprecated ? { Deprecation: DEPRECATION_HEADERS.Deprecation, Sunset: DEPRECATION_HEADERS.Sunset, Link: DEPRECATION_HEADERS.DeprecationLink } : {}),
});

const kinds = (r: RegisteredRoute): string[] => (typeof r.auth === "string" ? [r.auth] : [...r.auth]);
/** Whether a success answer may be a replay: the kernel's (an Idempotency-Key), or one the service recognises (route.ts `replays`). */
const replays = (r: RegisteredRoute) => r.idempotency !== "none" || Boolean(r.serviceIdempotencyKey) || Boolean(r.replays);

/** The codes the kernel itself can answer for this route (route.ts, authenticate.ts, idempotency.ts), then the declared ones. */
export const errorCodesOf = (r: RegisteredRoute): ErrorCode[] => {
  // INTERNAL_ERROR: any operation may fail unexpectedly (route.ts answers 500 with the Error body)
  const codes: ErrorCode[] = [
    "UNAUTHORIZED",
    "RATE_LIMITED",
    "UNSUPPORTED_API_VERSION",
    "BODY_TOO_LARGE",
    "INVALID_CHARACTERS",
    "SERVICE_UNAVAILABLE",
    "INTERNAL_ERROR",
  ];
  if (r.params || r.query || r.body) codes.push("VALIDATION_ERROR");
  if (r.body && r.bodyType !== "multipart") codes.push("INVALID_JSON", "BODY_TOO_DEEP");
  if (r.bodyType === "multipart") codes.push("UNSUPPORTED_MEDIA_TYPE", "INVALID_MULTIPART");
  if (r.idempotency === "required" || r.idempotency === "service") codes.push("IDEMPOTENCY_KEY_REQUIRED");
  if (r.idempotency !== "none" || r.serviceIdempotencyKey) codes.push("IDEMPOTENCY_KEY_INVALID");
  if (replays(r)) codes.push("IDEMPOTENCY_IN_PROGRESS", "IDEMPOTENCY_KEY_REUSED");
  if (r.params || r.path.startsWith("/v1/test-helpers/")) codes.push("NOT_FOUND");
  if (r.targetBusiness === "campaign") codes.push("CAMPAIGN_NOT_FOUND");
  else if (r.targetBusiness) codes.push("TARGET_BUSINESS_REQUIRED", "BUSINESS_NOT_FOUND", "GRANT_REQUIRED");
  // a campaign key naming another campaign's id (route.ts) gets the platform API's code for a foreign campaign
  if (kinds(r).includes("campaign") && r.path.includes("{id}") && !codes.includes("CAMPAIGN_NOT_FOUND")) codes.push("CAMPAIGN_NOT_FOUND");
  if (gatesActivation(r)) codes.push("BUSINESS_NOT_ACTIVATED");
  if (r.scope) codes.push("INSUFFICIENT_SCOPE");
  if (r.scope && KEY_ADMIN_SCOPES.includes(r.scope)) codes.push("API_KEY_IN_GRACE_PERIOD");
  for (const c of r.errors ?? []) if (!codes.includes(c)) codes.push(c);
  return codes;
};

/** An error body as the server writes it, for the first code of a response (its docUrl on the example host). */
const errorExample = (code: string): Json => {
  const entry = Object.entries(ERRORS).find(([key]) => wireCode(key as ErrorCode) === code)?.[1];
  return {
    error: entry?.doc ?? "See the code's entry on the error page.",
    code,
    docUrl: `https://coinop.example/docs/errors#${code}`,
    ...(code === "VALIDATION_ERROR" ? { details: [{ field: "amountUnits", message: "must be a positive whole number" }] } : {}),
    requestId: "req_6790a1b2c3d4e5f601234567",
  };
};

/** The error responses met while a document is built, by name: each, and where operations use it. */
let sharedResponses: Map<string, { response: Json; uses: [Json, string][] }> | undefined;
const pascal = (code: string) => code.toLowerCase().replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
/**
 * A shared error response's name, stable for its codes: the codes themselves when short (RateLimited,
 * InternalError, NotFoundOrValidationError), else the status and a hash of the codes (Error400_1a2b3c4d).
 */
const responseName = (status: number, codes: string[]) => {
  const joined = codes.map(pascal).join("Or");
  if (joined.length <= 40) return joined;
  let h = 2166136261;
  for (const c of codes.join(",")) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return `Error${status}_${h.toString(16).padStart(8, "0")}`;
};

/** components.responses: the error responses two or more operations share; a response used once stays inline. */
const shareResponses = (met: NonNullable<typeof sharedResponses>): Record<string, Json> => {
  const out: Record<string, Json> = {};
  for (const [name, { response, uses }] of [...met].sort(([a], [b]) => a.localeCompare(b))) {
    if (uses.length > 1) out[name] = response;
    else for (const [responses, status] of uses) responses[status] = response;
  }
  return out;
};

/**
 * The error responses of an operation: one per status, listing its codes (x-error-codes) and the Error schema
 * with the codes as an enum. The same codes make the same response, so each is written once under
 * components.responses and referenced (a deprecated operation's carry its notice headers, and stay inline).
 */
const errorResponses = (r: RegisteredRoute): Record<string, Json> => {
  const byStatus = new Map<number, string[]>();
  for (const key of errorCodesOf(r)) {
    const { status } = ERRORS[key];
    const list = byStatus.get(status) ?? [];
    if (!list.includes(wireCode(key))) list.push(wireCode(key));
    byStatus.set(status, list);
  }
  const out: Record<string, Json> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const codes = byStatus.get(status)!;
    const name = responseName(status, codes);
    // shared: the same codes give the same answer on every operation that is not deprecated (its notice headers are its own)
    const seen = !r.deprecated && sharedResponses?.get(name);
    if (seen) {
      seen.uses.push([out, String(status)]);
      out[String(status)] = { $ref: `#/components/responses/${name}` };
      continue;
    }
    const response: Json = {
      description: codes.join(", "),
      "x-error-codes": codes,
      headers: {
        "x-request-id": header("RequestId"),
        ...commonHeaders(r),
        ...(status === 429 ? REQUIRED_ON_429 : RATE_LIMIT_HEADERS),
        ...(status === 503 ? { "Retry-After": header("RetryAfter") } : {}),
      },
      // the codes as an enum, so that a generated client gets a union per status (the body is the Error schema)
      content: {
        "application/json": {
          schema: { allOf: [{ $ref: "#/components/schemas/Error" }, { type: "object", properties: { code: { enum: codes } } }] },
          example: errorExample(codes[0]!),
        },
      },
    };
    out[String(status)] = response;
    if (!r.deprecated && sharedResponses) sharedResponses.set(name, { response, uses: [[out, String(status)]] });
  }
  return out;
};

/** Whether an empty body is accepted (the kernel parses an empty body as {}). */
const bodyMayBeEmpty = (schema: z.ZodType): boolean => {
  try {
    return schema.safeParse({}).success;
  } catch {
    return false;
  }
};

/** One line per tag (the reference's sections); a tag without an entry gets a plain sentence naming it. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  "Account linking": "Link a player's Coinop account to a game or campaign: hosted link sessions, their details, and removal.",
  Campaign: "The campaign key: a campaign's state, its linked players, gameplay events that pay out, and its link invites.",
  Checkout: "Hosted checkout: grants for a known player, redirect sessions for anyone, and the checkout theme.",
  Game: "The game a server key belongs to.",
  Products: "Items for sale, including player-made products with their review flow and images.",
  Users: "Linked players: their purchases and subscriptions.",
  "Virtual currency": "The game's virtual-currency ledger: currencies, credits, debits, batches, balances, journals, purchases and cash-outs.",
  Wallet: "The player's USDC custody wallet: balance, management link, and purchases paid from it.",
  Webhooks: "Beyond the spec: resend a webhook delivery, and recover every failed delivery since a time (docs/webhooks.md).",
  "test-helpers": "Test mode only: act out what a person would do on a hosted page (test keys; a live key gets 404).",
};

const AUTH_WORDS: Record<string, string> = { server: "a game server key", campaign: "a campaign key", platform: "a platform key" };

/** The operation's description: what it needs to be called, generated from the declaration so it cannot drift. */
const describe = (r: RegisteredRoute): string => {
  const lines = [
    `Authentication: ${kinds(r)
      .map((k) => AUTH_WORDS[k] ?? k)
      .join(" or ")}.`,
  ];
  if (r.scope)
    lines.push(
      `Scope: \`${r.scope}\`${r.targetBusiness ? ", held by the platform, the key and the business grant" : ", held by the platform and the key"} (a missing scope answers 403 INSUFFICIENT_SCOPE naming which of them lacks it).`,
    );
  if (r.scope && KEY_ADMIN_SCOPES.includes(r.scope))
    lines.push("A key in its rotation grace period cannot call this (403 API_KEY_IN_GRACE_PERIOD): use the key that replaced it.");
  if (r.targetBusiness === "campaign")
    lines.push(
      "The business is the campaign's owner, which must have granted your platform access (else 404 CAMPAIGN_NOT_FOUND); X-Target-Business-Id is optional and, when sent, must name that business.",
    );
  else if (r.targetBusiness) lines.push("X-Target-Business-Id: the business you act for; it must have granted your platform access.");
  if (gatesActivation(r)) {
    const owner = kinds(r).includes("platform") ? "the key's business (for a platform key, its owner business when it has one)" : "the key's business";
    const who = r.targetBusiness && !r.beforeActivation ? `${owner} and the target business are` : `${owner} is`;
    const open = r.targetBusiness && r.beforeActivation ? " The target business need not be: this call works while it applies." : "";
    lines.push(`Live: 403 BUSINESS_NOT_ACTIVATED until ${who} approved to go live; test mode is not gated.${open}`);
  }
  if (r.idempotency === "required" || r.idempotency === "service")
    lines.push("Idempotency-Key: required; a retry with the same key and body replays the first answer.");
  else if (r.idempotency === "optional") lines.push("Idempotency-Key: optional; with it, a retry with the same key and body replays the first answer.");
  else if (r.serviceIdempotencyKey) lines.push("Idempotency-Key: optional; see the response codes for how a repeat is answered.");
  return [r.description, ...lines].filter(Boolean).join("\n\n");
};

const operation = (r: RegisteredRoute): Json => {
  const parameters: Json[] = [...objectParams(r.params, "path"), ...objectParams(r.query, "query")];
  if (r.targetBusiness === "campaign")
    parameters.push({
      name: "X-Target-Business-Id",
      in: "header",
      required: false,
      description: "Optional: when sent, it must name the business that owns the campaign.",
      schema: { type: "string" },
    });
  else if (r.targetBusiness) {
    const platformOnly = kinds(r).every((k) => k === "platform");
    parameters.push({
      name: "X-Target-Business-Id",
      in: "header",
      required: platformOnly,
      ...(platformOnly ? {} : { description: "Required with a platform key; other keys do not send it." }),
      schema: { type: "string" },
    });
  }
  if (r.idempotency !== "none" || r.serviceIdempotencyKey)
    parameters.push({
      name: "Idempotency-Key",
      in: "header",
      required: r.idempotency === "required" || r.idempotency === "service",
      schema: { type: "string", maxLength: 255 },
    });
  parameters.push({ name: "X-Service-API-Version", in: "header", required: false, schema: { type: "string", enum: ["v1"] } });
  const successHeaders: Json = {
    "x-request-id": header("RequestId"),
    ...commonHeaders(r),
    ...RATE_LIMIT_HEADERS,
    ...(replays(r) ? { "Idempotent-Replayed": header("IdempotentReplayed") } : {}),
  };
  const content = r.response.contentType
    ? { [r.response.contentType]: { schema: { type: "string" } } }
    : r.response.schema && r.response.status !== 204
      ? { "application/json": { schema: toSchema(r.response.schema, "output") } }
      : undefined;
  const success: Json = {
    description: r.response.description ?? "Success",
    headers: {
      ...successHeaders,
      ...(r.response.location ? { Location: header("Location") } : {}),
      ...Object.fromEntries(
        Object.entries(r.response.headers ?? {}).map(([name, h]) => [
          name,
          { description: h.description, required: h.required ?? false, schema: { type: "string" } },
        ]),
      ),
    },
    ...(content ? { content } : {}),
  };
  const alternate = r.response.alternate;
  return {
    operationId: `${r.method.toLowerCase()}${r.path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    summary: r.summary,
    description: describe(r),
    tags: r.tags,
    security: kinds(r).flatMap((a) => SECURITY[a]),
    ...(r.scope ? { "x-required-scope": r.scope } : {}),
    ...(r.addition ? { "x-coinop-addition": true } : {}),
    ...(r.deprecated ? { deprecated: true, "x-sunset": r.deprecated.sunset.toISOString() } : {}),
    parameters,
    ...(r.body ? { requestBody: { required: !bodyMayBeEmpty(r.body), content: { "application/json": { schema: toSchema(r.body, "input") } } } } : {}),
    ...(r.bodyType === "multipart"
      ? {
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  properties: {
                    file: {
                      type: "string",
                      format: "binary",
                      description: "The image (PNG, JPEG, GIF or WebP, at most 5 MB); the first file part is used, whatever its name.",
                    },
                  },
                  required: ["file"],
                },
              },
            },
          },
        }
      : {}),
    responses: {
      [String(r.response.status)]: success,
      ...(alternate ? { [String(alternate.status)]: { description: alternate.description, headers: successHeaders, ...(content ? { content } : {}) } } : {}),
      ...errorResponses(r),
    },
  };
};

export const buildOpenApiDocument = (routes: RegisteredRoute[], serverUrl: string): Json => {
  const paths: Record<string, Json> = {};
  named = { output: new Map(), input: new Map() };
  sharedResponses = new Map();
  let found: ReturnType<typeof namedSchemas>;
  let responses: Record<string, Json>;
  try {
    for (const r of routes) (paths[r.path] ??= {})[r.method.toLowerCase()] = operation(r);
    found = namedSchemas(named);
    responses = shareResponses(sharedResponses);
  } finally {
    named = undefined;
    sharedResponses = undefined;
  }
  resolveInputRefs(paths, found.inputName);
  resolveInputRefs(found.schemas, found.inputName);
  const tags = [...new Set(routes.flatMap((r) => r.tags))].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `Operations on ${name}.` }));
  return {
    openapi: "3.1.0",
    info: {
      title: "Coinop API",
      version: "v1",
      contact: { name: "Coinop API reference", url: `${serverUrl.replace(/\/$/, "")}/docs` },
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      description:
        "Commerce and rewards backend for games: virtual-currency ledgers, products, checkout, account linking, campaigns and the platform API.\n\nRate limits: each API key has a token bucket per server process (live and test keys apart; the server's settings). Every answer to an authenticated request carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; past the limit the answer is 429 RATE_LIMITED with Retry-After, and nothing was done.",
    },
    servers: [{ url: `${serverUrl.replace(/\/$/, "")}/api` }],
    tags,
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA, ...found.schemas },
      ...(Object.keys(responses).length ? { responses } : {}),
      headers: HEADERS,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
};

/**
 * A copy of the document with each operation's `$ref` to components.responses written out in place: for a reader
 * (a test, a script) that walks operations' responses directly. The served document keeps the references.
 */
export const inlineResponses = <D>(doc: D): D => {
  const copy = structuredClone(doc) as Json & { paths: Record<string, Record<string, { responses?: Record<string, Json> }>> };
  const shared = ((copy.components as Json | undefined)?.responses ?? {}) as Record<string, Json>;
  for (const item of Object.values(copy.paths))
    for (const op of Object.values(item))
      for (const [status, r] of Object.entries(op.responses ?? {}))
        if (typeof r.$ref === "string") op.responses![status] = structuredClone(shared[r.$ref.split("/").pop()!]);
  return copy as D;
};

// Writes a batch of captured requests: one RequestLog row each (bodies redacted and cut, the path's secret
// parameters blanked, the objects it named), and for each successful change made by a key or a platform
// for a business, an AuditEntry (recordAudits, the audit log's writer: one statement a batch). Runs off
// the request's path (capture-request.ts).
import { recordAudits, type AuditActor, type AuditInput } from "../audit/record-audit.ts";
import type { DbContext } from "../core/context.ts";
import { Prisma } from "../db/generated/client.ts";
import { newId } from "../db/ids.ts";
import { executeDirect } from "../db/prepared.ts";
import { utcSql } from "../db/utc.ts";
import type { CapturedRequest } from "./capture-request.ts";
import { objectIdsOf } from "./object-ids.ts";
import { isSecretField, REDACTED, redactBody, scrubText, storedListPage } from "./redact.ts";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const MAX_PARSED = 64 * 1024;

/**
 * Text as a row can hold it: PostgreSQL text holds no NUL and no half of a surrogate pair (a refused request's raw
 * body or a client's X-Request-Id may carry either), and one such string must not lose the whole batch.
 */
function storable(text: string): string;
function storable(text: string | null): string | null;
function storable(text: string | null): string | null {
  if (text === null) return null;
  const whole = text.isWellFormed() ? text : text.toWellFormed();
  return whole.includes("\u0000") ? whole.replaceAll("\u0000", "\uFFFD") : whole;
}

/** The body parsed ({ value }), or undefined when empty, too large or not JSON. */
const parseJson = (text: string | undefined): { value: unknown } | undefined => {
  if (!text || text.length > MAX_PARSED) return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
};

/** The path as stored: secret path parameters (a sessionKey) blanked, credentials in the query scrubbed. */
export const storedPath = (path: string, params: CapturedRequest["params"]): string => {
  let out = path;
  for (const [name, v] of Object.entries(params ?? {}))
    if (typeof v === "string" && v && isSecretField(name)) out = out.split(`/${encodeURIComponent(v)}`).join(`/${REDACTED}`);
  return scrubText(out).slice(0, 2000);
};

/** Link session handles the request named (path, ?session=, or the answer's sessionKey): mapped to session ids. */
const sessionKeysOf = (c: CapturedRequest, response: unknown): string[] => {
  const out: string[] = [];
  const p = c.params?.sessionKey;
  if (typeof p === "string") out.push(p);
  const q = /[?&]session=([^&#]+)/.exec(c.path)?.[1];
  if (q) out.push(decodeURIComponent(q));
  const r = response && typeof response === "object" ? (response as { sessionKey?: unknown }).sessionKey : undefined;
  if (typeof r === "string") out.push(r);
  return out;
};

/** "purchaseId" → "purchase"; "id" in /v1/campaign/{id}/… → "campaign". */
const typeOfParam = (name: string, route: string): string => {
  if (name !== "id") return name.replace(/(Id|_id)$/, "").replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);
  const before = route.split("/{id}")[0]!.split("/").pop() ?? "object";
  return before.replace(/s$/, "").replace(/-/g, "_");
};

/** The object a change acted on: the last id-like path parameter, else the answer's id. */
const auditObject = (c: CapturedRequest, response: unknown): { objectType: string; objectId: string } => {
  const params = Object.entries(c.params ?? {}).filter(([n, v]) => typeof v === "string" && !isSecretField(n) && (n === "id" || /Id$/.test(n)));
  const last = params.at(-1);
  if (last) return { objectType: typeOfParam(last[0], c.route), objectId: String(last[1]) };
  const r = (response && typeof response === "object" ? response : {}) as Record<string, unknown>;
  const segment =
    c.route
      .split("/")
      .filter((s) => s && !s.startsWith("{"))
      .pop() ?? "object";
  const objectType = typeof r.object === "string" ? r.object : segment.replace(/s$/, "").replace(/-/g, "_");
  const idOf = (o: Record<string, unknown>) =>
    typeof o.id === "string" ? o.id : typeof o._id === "string" ? o._id : Object.entries(o).find(([n, v]) => /[a-z]Id$/.test(n) && typeof v === "string")?.[1];
  const data = r.data && typeof r.data === "object" && !Array.isArray(r.data) ? (r.data as Record<string, unknown>) : {};
  const idField = idOf(r) ?? idOf(data);
  return { objectType, objectId: typeof idField === "string" ? idField : "" };
};

export const recordRequests = async (ctx: DbContext, rows: CapturedRequest[]): Promise<void> => {
  if (rows.length === 0) return;
  // a long list page is stored as its first 4 KB when nothing there needs redacting, unparsed (it names no object at
  // its top); any other response body is parsed once: for the object ids, the session handles, the audit entry and
  // its stored form
  const listPages = rows.map((c) => (c.listPage && c.responseBody ? storedListPage(c.responseBody) : undefined));
  const parsedBodies = rows.map((c, i) => (listPages[i] === undefined ? parseJson(c.responseBody) : undefined));
  const parsed = parsedBodies.map((p) => p?.value);

  // link session handles → ids, in one query
  const handles = [...new Set(rows.flatMap((c, i) => sessionKeysOf(c, parsed[i])))];
  const sessions = handles.length ? await ctx.db.linkSession.findMany({ where: { sessionKey: { in: handles } }, select: { id: true, sessionKey: true } }) : [];
  const sessionIds = new Map(sessions.map((s) => [s.sessionKey, s.id]));

  const data = rows.map((c, i) => {
    const ids = objectIdsOf(c.params as Record<string, unknown>, parsed[i]);
    for (const h of sessionKeysOf(c, parsed[i])) {
      const id = sessionIds.get(h);
      if (id && !ids.includes(id)) ids.push(id);
    }
    return {
      id: newId(),
      requestId: storable(c.requestId),
      businessId: c.facts.businessId ?? null,
      gameId: c.facts.gameId ?? null,
      platformId: c.facts.platformId ?? null,
      apiKeyId: c.facts.apiKeyId ?? null,
      environment: c.facts.environment ?? null,
      method: c.method,
      path: storable(storedPath(c.path, c.params)),
      status: c.status,
      latencyMs: Math.max(0, Math.round(c.latencyMs)),
      idempotencyKey: c.idempotencyKey ? storable(c.idempotencyKey.slice(0, 255)) : null,
      errorCode: c.errorCode ?? null,
      requestBody: storable(redactBody(c.requestBody)),
      responseBody: storable(listPages[i] ?? redactBody(c.responseBody, undefined, parsedBodies[i])),
      objectIds: ids.map((id) => storable(id)),
      createdAt: c.at,
    };
  });
  // a VALUES row of parameters per request, each sent as the text it is, on node-postgres (executeDirect): as
  // arrays, node-postgres escaped every body character by character and PostgreSQL parsed them back (one JSON
  // parameter made PostgreSQL's share dearer than the escaping saved), and through Prisma's $executeRaw each
  // parameter cost more again. A batch of 32 journals-page rows: 2.8 -> 1.1 ms of Node CPU, 4.5 -> 2.8 ms in all
  // (docs/benchmarks.md). Every API request is a row.
  const tuples = data.map(
    (r) =>
      Prisma.sql`(${r.id}, ${r.requestId}, ${r.businessId}, ${r.gameId}, ${r.platformId}, ${r.apiKeyId}, ${r.environment}::"Environment", ${r.method}, ${r.path},
        ${r.status}::int, ${r.latencyMs}::int, ${r.idempotencyKey}, ${r.errorCode}, ${r.requestBody}, ${r.responseBody}, ${r.objectIds}::text[],
        ${utcSql(r.createdAt)})`,
  );
  await executeDirect(
    ctx.db,
    Prisma.sql`
    INSERT INTO "RequestLog" ("id", "requestId", "businessId", "gameId", "platformId", "apiKeyId", "environment", "method", "path", "status", "latencyMs",
                              "idempotencyKey", "errorCode", "requestBody", "responseBody", "objectIds", "createdAt")
    VALUES ${Prisma.join(tuples)}
    ON CONFLICT DO NOTHING`,
  );

  // audit entries: successful changes by a key or a platform, acting for a business
  const changes = rows.flatMap((c, i) => {
    const { businessId, apiKeyId, environment } = c.facts;
    return !c.replayed && MUTATING.has(c.method) && c.status >= 200 && c.status < 300 && businessId && apiKeyId && environment
      ? [{ c, response: parsed[i], businessId, apiKeyId, environment }]
      : [];
  });
  if (changes.length === 0) return;
  const keyIds = [...new Set(changes.map(({ apiKeyId }) => apiKeyId))];
  const platformIds = [...new Set(changes.flatMap(({ c }) => (c.facts.platformId ? [c.facts.platformId] : [])))];
  const [keys, platforms] = await Promise.all([
    ctx.db.apiKey.findMany({ where: { id: { in: keyIds } }, select: { id: true, prefix: true, label: true } }),
    platformIds.length ? ctx.db.platform.findMany({ where: { id: { in: platformIds } }, select: { id: true, name: true } }) : [],
  ]);
  const keyLabel = new Map(keys.map((k) => [k.id, `key ${k.prefix}…${k.label ? ` (${k.label})` : ""}`]));
  const platformName = new Map(platforms.map((p) => [p.id, p.name]));
  const entries = changes.map(({ c, response, businessId, apiKeyId, environment }): AuditInput => {
    const actor: AuditActor =
      c.facts.keyKind === "platform" && c.facts.platformId
        ? {
            type: "platform",
            platformId: c.facts.platformId,
            label: `${platformName.get(c.facts.platformId) ?? "platform"} · ${keyLabel.get(apiKeyId) ?? "key"}`,
          }
        : { type: "key", keyId: apiKeyId, label: keyLabel.get(apiKeyId) ?? `key ${apiKeyId}` };
    return {
      businessId,
      environment,
      actor,
      action: `${c.method} ${c.route}`,
      ...auditObject(c, response),
      requestId: c.requestId,
      details: {
        status: c.status,
        path: storedPath(c.path, c.params),
        keyId: c.facts.apiKeyId,
        ...(c.idempotencyKey ? { idempotencyKey: c.idempotencyKey } : {}),
      },
    };
  });
  await recordAudits(ctx, entries);
};

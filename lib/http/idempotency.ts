import { createHash } from "node:crypto";
import type { SqlClient } from "../db/transaction.ts";
import { newId } from "../db/ids.ts";
import { AppError } from "../core/errors.ts";

export type StoredResponse = { status: number; headers: Record<string, string>; body: string };

/** Hash of what makes two requests "the same": method, path with query, and the raw body. */
export const requestHash = (method: string, pathWithQuery: string, rawBody: string): string =>
  createHash("sha256").update(`${method} ${pathWithQuery}\n${rawBody}`).digest("hex");

export type KeyClaim = { scope: string; key: string; hash: string };

/**
 * Claims (scope, key) for this transaction. A transaction-level advisory lock marks the key in flight:
 * a concurrent request with the same key gets 409 instead of waiting. Returns the stored response when
 * the key was used before with the same request; a different request gets 422.
 */
export const claimKey = async (tx: SqlClient, claim: KeyClaim): Promise<StoredResponse | null> => {
  const [outcome] = await claimKeys(tx, [claim]);
  if (outcome instanceof AppError) throw outcome;
  return outcome;
};

const inProgress = () => new AppError("IDEMPOTENCY_IN_PROGRESS", "A request with this Idempotency-Key is still being processed. Retry after it finishes.");

/**
 * claimKey for several keys in two round trips (one lock query, one lookup), for a group of requests
 * written in one transaction. Per claim: null (new: go on), the stored response (replay), or the error to
 * answer (409 in flight, also for the second of two claims of one key in the group; 422 reused).
 * The lookup runs after the locks are taken, in its own statement, so it sees what a request that held
 * the key before has committed.
 */
export const claimKeys = async (tx: SqlClient, claims: KeyClaim[]): Promise<(StoredResponse | null | AppError)[]> => {
  const names = claims.map((c) => c.scope + "\n" + c.key);
  const locks = await tx.$queryRaw<{ locked: boolean }[]>`
    SELECT pg_try_advisory_xact_lock(hashtextextended(n, 7)) AS locked FROM unnest(${names}::text[]) WITH ORDINALITY AS t(n, ord) ORDER BY ord`;
  const first = new Map<string, number>();
  names.forEach((n, i) => first.set(n, first.get(n) ?? i));
  const mine = claims.map((_, i) => locks[i].locked && first.get(names[i]) === i);
  const wanted = claims.filter((_, i) => mine[i]);
  const records =
    wanted.length === 0
      ? []
      : await tx.$queryRaw<{ scope: string; key: string; requestHash: string; responseStatus: number; responseHeaders: unknown; responseBody: string }[]>`
          SELECT r."scope", r."key", r."requestHash", r."responseStatus", r."responseHeaders", r."responseBody"
          FROM "IdempotencyRecord" r
          JOIN unnest(${wanted.map((c) => c.scope)}::text[], ${wanted.map((c) => c.key)}::text[]) AS k(scope, key) ON r."scope" = k.scope AND r."key" = k.key`;
  const stored = new Map(records.map((r) => [r.scope + "\n" + r.key, r]));
  return claims.map((claim, i) => {
    if (!mine[i]) return inProgress();
    const existing = stored.get(names[i]);
    if (!existing) return null;
    if (existing.requestHash !== claim.hash)
      return new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request. Use a new key for a new request.");
    return { status: existing.responseStatus, headers: existing.responseHeaders as Record<string, string>, body: existing.responseBody };
  });
};

/** Stores the response in the same transaction as the effect. */
export const storeResponse = (tx: SqlClient, record: KeyClaim & { response: StoredResponse }) => storeResponses(tx, [record]);

/** storeResponse for several keys in one statement (a plain INSERT from arrays: it runs with every idempotent write). */
export const storeResponses = async (tx: SqlClient, records: (KeyClaim & { response: StoredResponse })[]): Promise<void> => {
  if (records.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO "IdempotencyRecord" ("id", "scope", "key", "requestHash", "responseStatus", "responseHeaders", "responseBody", "createdAt")
    SELECT t.id, t.scope, t.key, t.hash, t.status, t.headers::jsonb, t.body, now() AT TIME ZONE 'UTC'
    FROM unnest(${records.map(() => newId())}::text[], ${records.map((r) => r.scope)}::text[], ${records.map((r) => r.key)}::text[],
                ${records.map((r) => r.hash)}::text[], ${records.map((r) => r.response.status)}::int[],
                ${records.map((r) => JSON.stringify(r.response.headers))}::text[], ${records.map((r) => r.response.body)}::text[])
         AS t(id, scope, key, hash, status, headers, body)`;
};

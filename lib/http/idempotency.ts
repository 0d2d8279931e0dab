import { createHash } from "node:crypto";
import type { Prisma } from "../db/generated/client.ts";
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
export const claimKey = async (tx: Prisma.TransactionClient, claim: KeyClaim): Promise<StoredResponse | null> => {
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
export const claimKeys = async (tx: Prisma.TransactionClient, claims: KeyClaim[]): Promise<(StoredResponse | null | AppError)[]> => {
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
      : await tx.idempotencyRecord.findMany({
          where: wanted.length === 1 ? { scope: wanted[0].scope, key: wanted[0].key } : { OR: wanted.map(({ scope, key }) => ({ scope, key })) },
        });
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
export const storeResponse = (tx: Prisma.TransactionClient, record: KeyClaim & { response: StoredResponse }) => storeResponses(tx, [record]);

/** storeResponse for several keys in one statement. */
export const storeResponses = (tx: Prisma.TransactionClient, records: (KeyClaim & { response: StoredResponse })[]) =>
  records.length === 1 ? tx.idempotencyRecord.create({ data: recordData(records[0]) }) : tx.idempotencyRecord.createMany({ data: records.map(recordData) });

const recordData = ({ scope, key, hash, response }: KeyClaim & { response: StoredResponse }) => ({
  id: newId(),
  scope,
  key,
  requestHash: hash,
  responseStatus: response.status,
  responseHeaders: response.headers,
  responseBody: response.body,
});

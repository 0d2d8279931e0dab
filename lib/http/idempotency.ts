import { createHash } from "node:crypto";
import type { Prisma } from "../db/generated/client.ts";
import { newId } from "../db/ids.ts";
import { AppError } from "../core/errors.ts";

export type StoredResponse = { status: number; headers: Record<string, string>; body: string };

/** Hash of what makes two requests "the same": method, path with query, and the raw body. */
export const requestHash = (method: string, pathWithQuery: string, rawBody: string): string =>
  createHash("sha256").update(`${method} ${pathWithQuery}\n${rawBody}`).digest("hex");

/**
 * Claims (scope, key) for this transaction. A transaction-level advisory lock marks the key in flight:
 * a concurrent request with the same key gets 409 instead of waiting. Returns the stored response when
 * the key was used before with the same request; a different request gets 422.
 */
export const claimKey = async (
  tx: Prisma.TransactionClient,
  { scope, key, hash }: { scope: string; key: string; hash: string },
): Promise<StoredResponse | null> => {
  const [{ locked }] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(hashtextextended(${scope + "\n" + key}, 7)) AS locked`;
  if (!locked) throw new AppError("IDEMPOTENCY_IN_PROGRESS", "A request with this Idempotency-Key is still being processed. Retry after it finishes.");
  const existing = await tx.idempotencyRecord.findUnique({ where: { scope_key: { scope, key } } });
  if (!existing) return null;
  if (existing.requestHash !== hash)
    throw new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request. Use a new key for a new request.");
  return { status: existing.responseStatus, headers: existing.responseHeaders as Record<string, string>, body: existing.responseBody };
};

/** Stores the response in the same transaction as the effect. */
export const storeResponse = (
  tx: Prisma.TransactionClient,
  { scope, key, hash, response }: { scope: string; key: string; hash: string; response: StoredResponse },
) =>
  tx.idempotencyRecord.create({
    data: { id: newId(), scope, key, requestHash: hash, responseStatus: response.status, responseHeaders: response.headers, responseBody: response.body },
  });

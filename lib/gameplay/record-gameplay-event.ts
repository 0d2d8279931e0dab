import { createHash } from "node:crypto";
import type { TargetContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import { resolveBusinessUser } from "../business-users/resolve-business-user.ts";
import { loadBusinessGame } from "../items/item-scope.ts";
import type { RecordGameplayEventBody } from "./schemas.ts";

/**
 * Records a gameplay event of a business-linked player in a game of the target business, exactly once per
 * Idempotency-Key (per platform, business and environment): the first call records it (recorded true);
 * a repeat with the same body answers the same eventId with recorded false, also when both race (a unique
 * index decides); the same key with another body is 422 IDEMPOTENCY_KEY_REUSED and records nothing.
 */
export const recordGameplayEvent = async (ctx: TargetContext, body: RecordGameplayEventBody): Promise<{ eventId: string; recorded: boolean }> => {
  const idempotencyKey = ctx.idempotencyKey;
  if (!idempotencyKey) throw new AppError("IDEMPOTENCY_KEY_REQUIRED", "This call needs an Idempotency-Key header: it records each event once per key.");
  const { businessId } = ctx.scope;
  const requestHash = createHash("sha256")
    .update(JSON.stringify([body.userId, body.gameId, body.eventName, body.description]))
    .digest("hex");
  const key = { platformId: ctx.scope.platformId, businessId, environment: ctx.scope.environment, idempotencyKey };
  const unique = { platformId_businessId_environment_idempotencyKey: key };
  const answer = (row: { id: string; requestHash: string }, created: boolean) => {
    if (row.requestHash !== requestHash)
      throw new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key already recorded another gameplay event; use a new key for a new event.");
    return { eventId: row.id, recorded: created };
  };
  return inTransaction(ctx.db, async (tx) => {
    // a repeat answers what the first call recorded, even if the player was unlinked since
    const before = await tx.gameplayEvent.findUnique({ where: unique, select: { id: true, requestHash: true } });
    if (before) return answer(before, false);
    const inTx = { ...ctx, db: tx };
    const link = await resolveBusinessUser(inTx, body.userId);
    const game = await loadBusinessGame(inTx, body.gameId);
    const id = newId();
    await tx.gameplayEvent.createMany({
      data: [
        { id, ...key, gameId: game.id, userRef: link.userRef, playerId: link.playerId, eventName: body.eventName, description: body.description, requestHash },
      ],
      skipDuplicates: true,
    });
    const row = await tx.gameplayEvent.findUniqueOrThrow({ where: unique, select: { id: true, requestHash: true } });
    return answer(row, row.id === id);
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESOLVE_BUSINESS_USER_ERRORS } from "../business-users/resolve-business-user.ts";
import { ITEM_SCOPE_ERRORS } from "../items/item-scope.ts";
export const RECORD_GAMEPLAY_EVENT_ERRORS = [
  "IDEMPOTENCY_KEY_REQUIRED",
  "IDEMPOTENCY_KEY_REUSED",
  ...RESOLVE_BUSINESS_USER_ERRORS,
  ...ITEM_SCOPE_ERRORS,
] as const satisfies readonly ErrorCode[];

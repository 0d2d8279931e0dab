import type { GameContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";

export type LockedCashout = { id: string; currencyId: string; userRef: string; units: bigint; status: string; baseUnitsPerVcUnit: string };

/**
 * Locks the caller's cashout request FOR UPDATE until the transaction ends, so two decisions on one
 * request run one after the other. Another game's request is a 404.
 */
export const lockCashout = async (ctx: GameContext, { id }: { id: string }): Promise<LockedCashout> => {
  const [row] = await ctx.db.$queryRaw<LockedCashout[]>`
    SELECT "id", "currencyId", "userRef", "units", "status", "baseUnitsPerVcUnit" FROM "CashoutRequest"
    WHERE "id" = ${id} AND "gameId" = ${ctx.scope.gameId} AND "environment" = ${ctx.scope.environment}::"Environment"
    FOR UPDATE`;
  if (!row) throw notFound(`Cashout request ${JSON.stringify(id)}`, "CASHOUT_NOT_FOUND");
  return row;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const LOCK_CASHOUT_ERRORS = ["CASHOUT_NOT_FOUND"] as const satisfies readonly ErrorCode[];

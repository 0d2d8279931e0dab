import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { vcPool, vcUser } from "../ledger/accounts.ts";
import { vcScope } from "../vc/vc-scope.ts";
import { transfer } from "../ledger/transfer.ts";
import { convertUnits } from "./convert-units.ts";
import { lockCashout } from "./lock-cashout.ts";
import type { ApproveCashoutResult } from "./schemas.ts";
import { nextCashoutStatus } from "./states.ts";

/**
 * Approves a pendingReview request: one 'cashout' journal moves the units from the player to the pool,
 * and the request records the conversion at its captured rate. The request row is locked first, so a
 * request is approved at most once (409 otherwise); a balance now too low is a 422 with nothing changed.
 */
export const approveCashout = (ctx: GameContext, { cashoutRequestId }: { cashoutRequestId: string }): Promise<ApproveCashoutResult> =>
  inTransaction(ctx.db, async (tx) => {
    const request = await lockCashout({ ...ctx, db: tx }, { id: cashoutRequestId });
    const status = nextCashoutStatus(request.status, "approve");
    const convertedBaseUnits = convertUnits(request.units, request.baseUnitsPerVcUnit);
    const posted = await transfer(tx, {
      ...vcScope({ gameId: ctx.scope.gameId, environment: ctx.scope.environment, currencyId: request.currencyId }),
      type: "cashout",
      reference: request.id,
      metadata: { cashoutRequestId: request.id, baseUnitsPerVcUnit: request.baseUnitsPerVcUnit, convertedBaseUnits: convertedBaseUnits.toString() },
      from: vcUser(request.userRef, ctx.scope.environment),
      to: vcPool(request.currencyId, ctx.scope.environment),
      amount: request.units,
      description: `Cashout ${request.id}`,
    });
    await tx.cashoutRequest.update({ where: { id: request.id }, data: { status, journalId: posted.journalId, convertedBaseUnits, decidedAt: new Date() } });
    return { transactionId: posted.journalId, usedBaseUnitsPerVcUnit: request.baseUnitsPerVcUnit, convertedBaseUnits: convertedBaseUnits.toString() };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CONVERT_UNITS_ERRORS } from "./convert-units.ts";
import { LOCK_CASHOUT_ERRORS } from "./lock-cashout.ts";
import { STATES_ERRORS } from "./states.ts";
import { TRANSFER_ERRORS } from "../ledger/transfer.ts";
export const APPROVE_CASHOUT_ERRORS = [
  ...CONVERT_UNITS_ERRORS,
  ...LOCK_CASHOUT_ERRORS,
  ...STATES_ERRORS,
  ...TRANSFER_ERRORS,
] as const satisfies readonly ErrorCode[];

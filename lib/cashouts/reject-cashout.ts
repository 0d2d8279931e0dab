import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { lockCashout } from "./lock-cashout.ts";
import type { RejectCashoutBody } from "./schemas.ts";
import { nextCashoutStatus } from "./states.ts";

/** Rejects a pendingReview request with a reason; no balance moves. A decided request is a 409. */
export const rejectCashout = (ctx: GameContext, { cashoutRequestId, body }: { cashoutRequestId: string; body: RejectCashoutBody }): Promise<void> =>
  inTransaction(ctx.db, async (tx) => {
    const request = await lockCashout({ ...ctx, db: tx }, { id: cashoutRequestId });
    const status = nextCashoutStatus(request.status, "reject");
    await tx.cashoutRequest.update({ where: { id: request.id }, data: { status, rejectReason: body.reason, decidedAt: new Date() } });
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOCK_CASHOUT_ERRORS } from "./lock-cashout.ts";
import { STATES_ERRORS } from "./states.ts";
export const REJECT_CASHOUT_ERRORS = [...LOCK_CASHOUT_ERRORS, ...STATES_ERRORS] as const satisfies readonly ErrorCode[];

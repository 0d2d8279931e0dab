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

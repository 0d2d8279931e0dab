// The review queue's approve button: the same service as POST /v1/vc/cashouts/{id}/approve, acting as the
// request's game, with an audit entry in its transaction. The request row is locked and moved through the
// cashout state table, so a second approval (a double click, a colleague at the same time) is 409
// CASHOUT_NOT_PENDING and changes nothing.
import { recordAudit } from "../audit/record-audit.ts";
import { approveCashout } from "../cashouts/approve-cashout.ts";
import { inTransaction } from "../db/transaction.ts";
import { cashoutAudit, findBusinessCashout } from "./find-business-cashout.ts";
import { actAsGame } from "./ledger-games.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

/** Approves a pending request: the units move from the player to the pool in one 'cashout' journal, converted at the captured rate. */
export const approvePortalCashout = async (ctx: PortalContext, input: { businessId: string; cashoutRequestId: string }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "cashouts:write" });
  const { request, game } = await findBusinessCashout(ctx, input);
  return inTransaction(ctx.db, async (tx) => {
    const result = await approveCashout(actAsGame({ db: tx }, game, member), { cashoutRequestId: request.id });
    await recordAudit(
      { db: tx },
      cashoutAudit(member, game, request.id, "cashout.approved", {
        gameId: game.id,
        currencyId: request.currencyId,
        userRef: request.userRef,
        units: request.units.toString(),
        ...result,
      }),
    );
    return result;
  });
};

// The review queue's approve button: the same service as POST /v1/vc/cashouts/{id}/approve, acting as the
// request's game, with an audit entry in its transaction. The request row is locked and moved through the
// cashout state table, so a second approval (a double click, a colleague at the same time) is 409
// CASHOUT_NOT_PENDING and changes nothing.
import { approveCashout } from "../cashouts/approve-cashout.ts";
import { cashoutAudit, findBusinessCashout } from "./find-business-cashout.ts";
import { actAsGame } from "./ledger-games.ts";
import { portalCommand } from "./portal-command.ts";

/** Approves a pending request: the units move from the player to the pool in one 'cashout' journal, converted at the captured rate. */
export const approvePortalCashout = portalCommand({
  permission: "cashouts:write",
  load: (ctx, params: { businessId: string; cashoutRequestId: string }) => findBusinessCashout(ctx, params),
  run: (ctx, { member, target: { request, game } }) => approveCashout(actAsGame(ctx, game, member), { cashoutRequestId: request.id }),
  audit: (result, { target: { request, game } }) =>
    cashoutAudit(game, request.id, "cashout.approved", {
      gameId: game.id,
      currencyId: request.currencyId,
      userRef: request.userRef,
      units: request.units.toString(),
      ...result,
    }),
});

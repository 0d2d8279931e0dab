// The review queue's reject form: the body, schema and service of POST /v1/vc/cashouts/{id}/reject, acting
// as the request's game, with an audit entry in its transaction; a decided request is 409 CASHOUT_NOT_PENDING.
import { rejectCashout } from "../cashouts/reject-cashout.ts";
import { RejectCashoutBody } from "../cashouts/schemas.ts";
import { cashoutAudit, findBusinessCashout } from "./find-business-cashout.ts";
import { actAsGame } from "./ledger-games.ts";
import { portalCommand } from "./portal-command.ts";

/** Rejects a pending request with a reason (POST /v1/vc/cashouts/{id}/reject's body and schema: 1–500 characters); no balance moves. */
export const rejectPortalCashout = portalCommand({
  permission: "cashouts:write",
  load: (ctx, params: { businessId: string; cashoutRequestId: string; reason: string }) => findBusinessCashout(ctx, params),
  input: RejectCashoutBody,
  form: ({ reason }) => ({ reason }),
  run: async (ctx, { member, input: body, target: { request, game } }) => {
    await rejectCashout(actAsGame(ctx, game, member), { cashoutRequestId: request.id, body });
    return { cashoutRequestId: request.id, reason: body.reason };
  },
  audit: (_, { input: body, target: { request, game } }) =>
    cashoutAudit(game, request.id, "cashout.rejected", { gameId: game.id, userRef: request.userRef, reason: body.reason }),
});

// The review queue's reject form: the body, schema and service of POST /v1/vc/cashouts/{id}/reject, acting
// as the request's game, with an audit entry in its transaction; a decided request is 409 CASHOUT_NOT_PENDING.
import { recordAudit } from "../audit/record-audit.ts";
import { rejectCashout } from "../cashouts/reject-cashout.ts";
import { RejectCashoutBody } from "../cashouts/schemas.ts";
import { inTransaction } from "../db/transaction.ts";
import { cashoutAudit, findBusinessCashout } from "./find-business-cashout.ts";
import { actAsGame } from "./ledger-games.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

/** Rejects a pending request with a reason (POST /v1/vc/cashouts/{id}/reject's body and schema: 1–500 characters); no balance moves. */
export const rejectPortalCashout = async (ctx: PortalContext, input: { businessId: string; cashoutRequestId: string; reason: string }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "cashouts:write" });
  const { request, game } = await findBusinessCashout(ctx, input);
  const body = parseOrThrow(RejectCashoutBody, { reason: input.reason }, "body");
  await inTransaction(ctx.db, async (tx) => {
    await rejectCashout(actAsGame({ db: tx }, game, member), { cashoutRequestId: request.id, body });
    await recordAudit(
      { db: tx },
      cashoutAudit(member, game, request.id, "cashout.rejected", { gameId: game.id, userRef: request.userRef, reason: body.reason }),
    );
  });
  return { cashoutRequestId: request.id, reason: body.reason };
};

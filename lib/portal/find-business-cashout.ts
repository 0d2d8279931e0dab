import { notFound } from "../core/errors.ts";
import { isUsableId } from "../platform/business-admin.ts";
import type { PortalAuditEntry } from "./portal-command.ts";
import type { PortalContext } from "./require-portal-access.ts";

/** A cashout request of one of the business's games, with its game; anything else is 404 CASHOUT_NOT_FOUND. */
export const findBusinessCashout = async (ctx: PortalContext, { businessId, cashoutRequestId }: { businessId: string; cashoutRequestId: string }) => {
  const request = isUsableId(cashoutRequestId) ? await ctx.db.cashoutRequest.findUnique({ where: { id: cashoutRequestId } }) : null;
  const game = request
    ? await ctx.db.game.findFirst({ where: { id: request.gameId, businessId }, select: { id: true, businessId: true, environment: true } })
    : null;
  if (!request || !game) throw notFound(`Cashout request ${JSON.stringify(cashoutRequestId)}`, "CASHOUT_NOT_FOUND");
  return { request, game };
};

/** The audit entry of a decision (the portal command adds the member). */
export const cashoutAudit = (
  game: { businessId: string; environment: "test" | "live" },
  id: string,
  action: string,
  details: Record<string, unknown>,
): PortalAuditEntry => ({
  businessId: game.businessId,
  environment: game.environment,
  action,
  objectType: "cashout_request",
  objectId: id,
  details,
});

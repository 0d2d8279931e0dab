// The player page's Refund action: the same service as POST /v1/purchases/{purchaseId}/refunds, for a purchase of one
// of the business's games, by a member whose roles grant refunds:write (finance, admin, owner), with an audit entry
// written once the service committed (it runs its own transactions: docs/decisions/refund-outside-lock.md). The
// purchase row is locked by the service, so a double click never refunds more than was paid.
import { z } from "zod";
import { notFound } from "../core/errors.ts";
import { isUsableId } from "../platform/business-admin.ts";
import { refundPurchase } from "../refunds/refund-purchase.ts";
import { RefundBody } from "../refunds/schemas.ts";
import { portalCommand } from "./portal-command.ts";

/** The form: reason, an optional amount in the purchase's smallest unit ("" = all that is left), an optional note. */
const RefundForm = RefundBody.extend({
  amount: z.preprocess((v) => (v === "" || v === undefined ? undefined : /^\d+$/.test(String(v)) ? Number(v) : v), RefundBody.shape.amount),
  note: z.preprocess((v) => (v === "" ? undefined : v), RefundBody.shape.note),
});

export const refundPortalPurchase = portalCommand({
  permission: "refunds:write",
  load: async (ctx, { businessId, purchaseId }: { businessId: string; purchaseId: string; amount?: string; reason?: string; note?: string }) => {
    const p = isUsableId(purchaseId)
      ? await ctx.db.purchase.findUnique({ where: { id: purchaseId }, select: { id: true, gameId: true, environment: true } })
      : null;
    const game = p ? await ctx.db.game.findFirst({ where: { id: p.gameId, businessId }, select: { id: true, businessId: true, environment: true } }) : null;
    if (!p || !game) throw notFound(`Purchase ${JSON.stringify(purchaseId)}`, "PURCHASE_NOT_FOUND");
    return { purchase: p, game };
  },
  input: RefundForm,
  form: ({ amount, reason, note }) => ({ amount, reason, note }),
  // the service commits on its own: a live card refund is reserved, sent to Stripe with no lock held, then settled
  transaction: "service",
  run: (ctx, { input, target: { purchase } }) =>
    refundPurchase(ctx, { ...input, gameId: purchase.gameId, environment: purchase.environment, purchaseId: purchase.id, source: "portal" }),
  audit: (result, { target: { game, purchase } }) => ({
    businessId: game.businessId,
    environment: game.environment,
    action: "purchase.refunded",
    objectType: "purchase",
    objectId: purchase.id,
    details: {
      gameId: game.id,
      refundId: result.data.refund._id,
      amount: result.data.refund.amount,
      reason: result.data.refund.reason,
      status: result.data.purchase.status,
    },
  }),
});

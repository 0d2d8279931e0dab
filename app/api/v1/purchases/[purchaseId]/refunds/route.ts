// POST /v1/purchases/{purchaseId}/refunds: refund a completed purchase in full or in part (an addition);
// GET: its refunds. docs/decisions/refunds-and-disputes.md
import { reply, route } from "@/lib/http/route";
import { PurchaseParams } from "@/lib/purchases/schemas";
import { refundPurchase, REFUND_PURCHASE_ERRORS } from "@/lib/refunds/refund-purchase";
import { listPurchaseRefunds, LIST_PURCHASE_REFUNDS_ERRORS } from "@/lib/refunds/list-purchase-refunds";
import { PurchaseRefundResult, RefundBody, RefundList } from "@/lib/refunds/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/purchases/{purchaseId}/refunds",
  summary: "Refund a purchase",
  description:
    "Gives back a completed purchase's payment, in full (amount left out) or in part, the way it was paid: a card through the sandbox in test and Stripe live, a wallet payment to the wallet, a virtual-currency payment as units. When the game's refundClawback setting is on (the default), what the purchase delivered is taken back: granted units down to a balance of 0 (the rest is reported unrecovered), a delivered key is revoked and a subscription ends (on a refund in full; Subscription.Canceled is sent with reason 'refunded', an addition). The purchase becomes partially_refunded or refunded and Purchases.Refunded is sent. Racing refunds of one purchase never give back more than was paid. A live card refund is made at Stripe outside the purchase's lock: when Stripe refuses it the answer is 502 PAYMENT_PROVIDER_ERROR and nothing was refunded; when Stripe does not answer it is 502 too and the refund stays pending (the amount held) until the request is retried with the same Idempotency-Key or the service settles it with Stripe. A repeat with the same Idempotency-Key answers the same refund with Idempotent-Replayed: true.",
  addition: true,
  tags: ["Purchases"],
  auth: "server",
  // the service dedupes on the Idempotency-Key (Refund.requestKey): the Stripe call runs outside any transaction
  idempotency: "service",
  errors: REFUND_PURCHASE_ERRORS,
  params: PurchaseParams,
  body: RefundBody,
  response: { status: 201, schema: PurchaseRefundResult },
  handler: async ({ ctx, params, body }) => {
    const { replayed, ...out } = await refundPurchase(ctx, {
      ...body,
      gameId: ctx.scope.gameId,
      environment: ctx.scope.environment,
      purchaseId: params.purchaseId,
      source: "api",
      requestKey: ctx.idempotencyKey,
    });
    return reply(out, { status: 201, replayed });
  },
});

export const GET = route({
  method: "GET",
  path: "/v1/purchases/{purchaseId}/refunds",
  summary: "List a purchase's refunds",
  addition: true,
  tags: ["Purchases"],
  auth: "server",
  idempotency: "none",
  errors: LIST_PURCHASE_REFUNDS_ERRORS,
  params: PurchaseParams,
  response: { status: 200, schema: RefundList },
  handler: ({ ctx, params }) => listPurchaseRefunds(ctx, params),
});

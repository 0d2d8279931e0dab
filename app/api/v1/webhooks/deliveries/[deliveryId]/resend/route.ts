// POST /v1/webhooks/deliveries/{deliveryId}/resend: send a delivery's event again (beyond the spec, issue 16)
import { reply, route } from "@/lib/http/route";
import { resendDelivery, RESEND_DELIVERY_ERRORS } from "@/lib/webhooks/resend-delivery";
import { DeliveryParams, Resent } from "@/lib/webhooks/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/webhooks/deliveries/{deliveryId}/resend",
  summary: "Resend any webhook delivery of the game (a succeeded one too) as a new delivery of the same event, same event id",
  tags: ["Webhooks"],
  auth: "server",
  idempotency: "optional",
  errors: RESEND_DELIVERY_ERRORS,
  params: DeliveryParams,
  response: { status: 201, schema: Resent },
  handler: async ({ ctx, params }) =>
    reply({ data: await resendDelivery(ctx, { owner: { type: "game", id: ctx.scope.gameId }, deliveryId: params.deliveryId }) }, { status: 201 }),
});

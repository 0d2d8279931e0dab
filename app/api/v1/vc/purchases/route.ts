// POST /v1/vc/purchases: start a purchase paid in virtual currency (price fixed, nothing debited yet)
import { reply, route } from "@/lib/http/route";
import { VcPurchaseBody, VcPurchaseCreated } from "@/lib/purchases/schemas";
import { startVcPurchase, START_VC_PURCHASE_ERRORS } from "@/lib/purchases/start-vc-purchase";

export const POST = route({
  method: "POST",
  path: "/v1/vc/purchases",
  summary: "Start a virtual-currency purchase",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "optional",
  errors: START_VC_PURCHASE_ERRORS,
  body: VcPurchaseBody,
  response: { status: 201, schema: VcPurchaseCreated },
  handler: async ({ ctx, body }) => reply(await startVcPurchase(ctx, body), { status: 201 }),
});

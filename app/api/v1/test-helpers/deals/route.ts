// POST /v1/test-helpers/deals: test mode, a developer creates a deal in the portal
import { reply, route } from "@/lib/http/route";
import { createDeal, CREATE_DEAL_ERRORS } from "@/lib/deals/create-deal";
import { CreateDealBody, Deal } from "@/lib/deals/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/deals",
  summary: "Test mode: create a deal on a product (USD, or one virtual currency)",
  tags: ["test-helpers"],
  auth: "server",
  idempotency: "optional",
  errors: CREATE_DEAL_ERRORS,
  body: CreateDealBody,
  response: { status: 201, schema: Deal },
  // live keys get 404 in the kernel, as on every /v1/test-helpers route
  handler: async ({ ctx, body }) => reply(await createDeal(ctx, body), { status: 201 }),
});

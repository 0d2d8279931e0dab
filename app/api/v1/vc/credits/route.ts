// POST /v1/vc/credits: move units from the treasury pool to a player
import { reply, route } from "@/lib/http/route";
import { CreditBody, LedgerOperationResult } from "@/lib/vc/schemas";
import { credit } from "@/lib/vc/credit";

export const POST = route({
  method: "POST",
  path: "/v1/vc/credits",
  summary: "Credit a player from the treasury pool",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "required",
  errors: ["NOT_FOUND", "AMOUNT_OUT_OF_RANGE", "INSUFFICIENT_FUNDS", "USER_REF_NOT_FOUND", "LINK_NOT_APPROVED", "CURRENCY_NOT_FOUND"],
  body: CreditBody,
  response: { status: 201, schema: LedgerOperationResult },
  handler: async ({ ctx, body }) => reply(await credit(ctx, body), { status: 201 }),
});

// POST /v1/vc/batch: one player pays many recipients (players or the pool), all or nothing
import { route } from "@/lib/http/route";
import { BatchBody, LedgerOperationResult } from "@/lib/vc/schemas";
import { batch } from "@/lib/vc/batch";

export const POST = route({
  method: "POST",
  path: "/v1/vc/batch",
  summary: "Distribute units from one player to many recipients",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "required",
  errors: ["NOT_FOUND", "AMOUNT_OUT_OF_RANGE", "INSUFFICIENT_FUNDS", "USER_REF_NOT_FOUND", "LINK_NOT_APPROVED", "CURRENCY_NOT_FOUND"],
  body: BatchBody,
  response: { status: 200, schema: LedgerOperationResult },
  handler: async ({ ctx, body }) => batch(ctx, body),
});

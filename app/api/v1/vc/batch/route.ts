// POST /v1/vc/batch: one player pays many recipients (players or the pool), all or nothing
import { route } from "@/lib/http/route";
import { BatchBody, LedgerOperationResult } from "@/lib/vc/schemas";
import { batch, BATCH_ERRORS } from "@/lib/vc/batch";

export const POST = route({
  method: "POST",
  path: "/v1/vc/batch",
  summary: "Distribute units from one player to many recipients",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "required",
  errors: BATCH_ERRORS,
  body: BatchBody,
  response: { status: 200, schema: LedgerOperationResult },
  handler: async ({ ctx, body }) => batch(ctx, body),
});

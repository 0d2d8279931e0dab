// POST /v1/vc/credits: move units from the treasury pool to a player
import { reply, route } from "@/lib/http/route";
import { CreditBody, LedgerOperationResult } from "@/lib/vc/schemas";
import { credit, CREDIT_ERRORS } from "@/lib/vc/credit";
import { creditMany } from "@/lib/vc/credit-many";
import { AppError } from "@/lib/core/errors";

export const POST = route({
  method: "POST",
  path: "/v1/vc/credits",
  summary: "Credit a player from the treasury pool",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "required",
  errors: CREDIT_ERRORS,
  body: CreditBody,
  response: { status: 201, schema: LedgerOperationResult },
  handler: async ({ ctx, body }) => reply(await credit(ctx, body), { status: 201 }),
  // concurrent credits of one game are written together (group commit): same service, many calls
  grouped: async (calls) =>
    (
      await creditMany(
        calls[0].ctx,
        calls.map((c) => c.body),
      )
    ).map((r) => (r instanceof AppError ? r : reply(r, { status: 201 }))),
});

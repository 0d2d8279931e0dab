// POST /v1/vc/debits: move units from a player back to the treasury pool
import { reply, route } from "@/lib/http/route";
import { DebitBody, LedgerOperationResult } from "@/lib/vc/schemas";
import { debit, DEBIT_ERRORS } from "@/lib/vc/debit";

export const POST = route({
  method: "POST",
  path: "/v1/vc/debits",
  summary: "Debit a player to the treasury pool",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "required",
  errors: DEBIT_ERRORS,
  body: DebitBody,
  response: { status: 201, schema: LedgerOperationResult },
  handler: async ({ ctx, body }) => reply(await debit(ctx, body), { status: 201 }),
});

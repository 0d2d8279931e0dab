// POST /v1/vc/credits: move units from the treasury pool to a player
import { reply, route } from "@/lib/http/route";
import { CreditBody, LedgerOperationResult } from "@/lib/vc/schemas";
import { credit, CREDIT_ERRORS } from "@/lib/vc/credit";
import { loadVcParties, type VcParty } from "@/lib/vc/load-vc-parties";
import { writeCredits } from "@/lib/vc/write-credits";
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
  // concurrent credits of one game are written together (group commit): their parties read before the group's
  // transaction, the credits written in it (on node-postgres); the same services as `credit`, for many
  grouped: {
    prepare: (calls) =>
      loadVcParties(
        calls[0].ctx,
        calls.map((c) => c.body),
      ),
    write: async (tx, calls) =>
      (
        await writeCredits(
          tx,
          calls.map((c) => ({ body: c.body, party: c.prepared as VcParty })),
        )
      ).map((r) => (r instanceof AppError ? r : reply(r, { status: 201 }))),
  },
});

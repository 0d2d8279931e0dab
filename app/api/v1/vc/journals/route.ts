// GET /v1/vc/journals: a currency's ledger journals, newest first
import { route } from "@/lib/http/route";
import { JournalList, JournalQuery } from "@/lib/vc/schemas";
import { listJournals, LIST_JOURNALS_ERRORS } from "@/lib/vc/list-journals";

export const GET = route({
  method: "GET",
  path: "/v1/vc/journals",
  summary: "List ledger journals of a currency",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "none",
  reads: "replica",
  errors: LIST_JOURNALS_ERRORS,
  query: JournalQuery,
  response: { status: 200, schema: JournalList },
  handler: ({ ctx, query }) => listJournals(ctx, query),
});

// POST /v1/test-helpers/fund-sessions/{sessionKey}/expire: the session's lifetime passes
import { route } from "@/lib/http/route";
import { expireFundSession, EXPIRE_FUND_SESSION_ERRORS } from "@/lib/fund-sessions/expire-fund-session";
import { FundSessionKeyParams, FundSessionResource } from "@/lib/fund-sessions/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/fund-sessions/{sessionKey}/expire",
  summary: "Expire a fund session (test helper)",
  description: "The session's lifetime passes now: a pending session becomes expired. Test keys only; only your platform's sessions.",
  tags: ["test-helpers"],
  auth: "platform",
  idempotency: "optional",
  errors: EXPIRE_FUND_SESSION_ERRORS,
  params: FundSessionKeyParams,
  response: { status: 200, schema: FundSessionResource },
  handler: async ({ ctx, params }) => expireFundSession(ctx, params),
});

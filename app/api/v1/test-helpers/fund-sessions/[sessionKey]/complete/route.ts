// POST /v1/test-helpers/fund-sessions/{sessionKey}/complete: the payer completes a campaign or distribution fund session
import { route } from "@/lib/http/route";
import { completeFundSession, COMPLETE_FUND_SESSION_ERRORS } from "@/lib/flows/complete-fund-session";
import { CompleteFundSessionBody, FundSessionKeyParams, FundSessionResource } from "@/lib/fund-sessions/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/fund-sessions/{sessionKey}/complete",
  summary: "Complete a fund session (test helper)",
  description:
    "As the payer on the hosted fund page, with the sandbox card that succeeds: the same state change, ledger journal and Platform.FundSession.Completed. amountUsdc is required for a campaign session; a distribution session pays its amount due by default. Test keys only; only your platform's sessions.",
  tags: ["test-helpers"],
  auth: "platform",
  idempotency: "optional",
  errors: COMPLETE_FUND_SESSION_ERRORS,
  params: FundSessionKeyParams,
  body: CompleteFundSessionBody,
  response: { status: 200, schema: FundSessionResource },
  handler: async ({ ctx, params, body }) =>
    completeFundSession(ctx, {
      sessionKey: params.sessionKey,
      amountUsdc: body.amountUsdc,
      owner: { platformId: ctx.scope.platformId, environment: ctx.scope.environment },
    }),
});

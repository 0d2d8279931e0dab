// POST /v1/platform/distributions/{id}/fund-sessions: a hosted page where the business pays a 'fund_session' distribution
import { reply, route } from "@/lib/http/route";
import { createDistributionFundSession, CREATE_DISTRIBUTION_FUND_SESSION_ERRORS } from "@/lib/fund-sessions/create-distribution-fund-session";
import { fundSessionCreated } from "@/lib/fund-sessions/serialize-fund-session";
import { CreateCampaignFundSessionBody, FundSessionCreated } from "@/lib/fund-sessions/schemas";
import { DistributionIdParams } from "@/lib/distributions/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/distributions/{id}/fund-sessions",
  summary: "Create a distribution fund session (201 new; 200 for the pending session of the same Idempotency-Key)",
  description:
    "Send the payer to url: they pay what is due (totalAmountCents + totalFeeCents, less what earlier sessions paid). 409 PAYOUT_PATH_MISMATCH unless payoutPath is 'fund_session'. The session expires after 24 hours.",
  tags: ["Platform distributions"],
  auth: "platform",
  scope: "distribution:funds:create",
  targetBusiness: true,
  idempotency: "service",
  errors: CREATE_DISTRIBUTION_FUND_SESSION_ERRORS,
  params: DistributionIdParams,
  body: CreateCampaignFundSessionBody,
  response: {
    status: 201,
    schema: FundSessionCreated,
    description: "New session; the Location header is its url",
    location: true,
    alternate: { status: 200, description: "The pending session of the same Idempotency-Key" },
  },
  handler: async ({ ctx, params, body }) => {
    const { session, created } = await createDistributionFundSession(ctx, { id: params.id, ...body });
    const out = fundSessionCreated(session);
    return reply(out, created ? { status: 201, headers: { location: out.url } } : { status: 200, replayed: true });
  },
});

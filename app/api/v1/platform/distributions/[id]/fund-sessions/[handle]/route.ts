// GET, DELETE /v1/platform/distributions/{id}/fund-sessions/{handle}: read or cancel a distribution fund session
import { route } from "@/lib/http/route";
import { cancelFundSession, CANCEL_FUND_SESSION_ERRORS } from "@/lib/fund-sessions/cancel-fund-session";
import { getFundSession, GET_FUND_SESSION_ERRORS } from "@/lib/fund-sessions/get-fund-session";
import { DistributionFundSession, DistributionFundSessionParams, Success } from "@/lib/fund-sessions/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/distributions/{id}/fund-sessions/{handle}",
  summary: "Get a distribution fund session",
  description: "The handle is the sessionKey. A pending session past expiresAt reads expired.",
  tags: ["Platform distributions"],
  auth: "platform",
  scope: "distribution:funds:read",
  targetBusiness: true,
  idempotency: "none",
  errors: GET_FUND_SESSION_ERRORS,
  params: DistributionFundSessionParams,
  response: { status: 200, schema: DistributionFundSession },
  handler: async ({ ctx, params }) => getFundSession(ctx, { handle: params.handle, distributionId: params.id }),
});

export const DELETE = route({
  method: "DELETE",
  path: "/v1/platform/distributions/{id}/fund-sessions/{handle}",
  summary: "Cancel a pending distribution fund session",
  tags: ["Platform distributions"],
  auth: "platform",
  scope: "distribution:funds:create",
  targetBusiness: true,
  idempotency: "none",
  errors: CANCEL_FUND_SESSION_ERRORS,
  params: DistributionFundSessionParams,
  response: { status: 200, schema: Success },
  handler: async ({ ctx, params }) => cancelFundSession(ctx, { handle: params.handle, distributionId: params.id }),
});

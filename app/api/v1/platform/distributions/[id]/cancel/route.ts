// POST /v1/platform/distributions/{id}/cancel: cancel a draft or pending distribution (creating platform only)
import { route } from "@/lib/http/route";
import { cancelDistribution, CANCEL_DISTRIBUTION_ERRORS } from "@/lib/distributions/cancel-distribution";
import { DistributionIdParams, DistributionResource } from "@/lib/distributions/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/distributions/{id}/cancel",
  summary: "Cancel a distribution",
  tags: ["Platform distributions"],
  auth: "platform",
  scope: "distribution:cancel",
  targetBusiness: true,
  idempotency: "optional",
  errors: CANCEL_DISTRIBUTION_ERRORS,
  params: DistributionIdParams,
  response: { status: 200, schema: DistributionResource },
  handler: async ({ ctx, params }) => cancelDistribution(ctx, params),
});

// GET /v1/platform/distributions: the target business's distributions, one page
// POST /v1/platform/distributions: create a distribution (recipients or a split template; fees)
import { reply, route } from "@/lib/http/route";
import { createDistribution, CREATE_DISTRIBUTION_ERRORS } from "@/lib/distributions/create-distribution";
import { listDistributions, LIST_DISTRIBUTIONS_ERRORS } from "@/lib/distributions/list-distributions";
import { CreateDistributionBody, DistributionList, DistributionResource, ListDistributionsQuery } from "@/lib/distributions/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/distributions",
  summary: "List distributions",
  tags: ["Platform distributions"],
  auth: "platform",
  scope: "distribution:read",
  targetBusiness: true,
  idempotency: "none",
  errors: LIST_DISTRIBUTIONS_ERRORS,
  query: ListDistributionsQuery,
  response: { status: 200, schema: DistributionList },
  handler: async ({ ctx, query }) => listDistributions(ctx, query),
});

export const POST = route({
  method: "POST",
  path: "/v1/platform/distributions",
  summary: "Create a distribution",
  tags: ["Platform distributions"],
  auth: "platform",
  scope: "distribution:create",
  targetBusiness: true,
  idempotency: "required",
  errors: CREATE_DISTRIBUTION_ERRORS,
  body: CreateDistributionBody,
  response: { status: 201, schema: DistributionResource },
  handler: async ({ ctx, body }) => reply(await createDistribution(ctx, body), { status: 201 }),
});

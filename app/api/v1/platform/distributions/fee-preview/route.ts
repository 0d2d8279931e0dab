// GET /v1/platform/distributions/fee-preview: the service's fees on the target business's distributions
import { route } from "@/lib/http/route";
import { previewFees, PREVIEW_FEES_ERRORS } from "@/lib/distributions/preview-fees";
import { FeePreview, FeePreviewQuery } from "@/lib/distributions/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/distributions/fee-preview",
  summary: "Preview distribution fees",
  tags: ["Platform distributions"],
  auth: "platform",
  scope: "distribution:read",
  targetBusiness: true,
  idempotency: "none",
  errors: PREVIEW_FEES_ERRORS,
  query: FeePreviewQuery,
  response: { status: 200, schema: FeePreview },
  handler: async ({ ctx, query }) => previewFees(ctx, query),
});

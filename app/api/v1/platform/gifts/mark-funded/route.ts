// POST /v1/platform/gifts/mark-funded: the platform reports the gifts of a 'partner' distribution funded
import { route } from "@/lib/http/route";
import { markGiftsFunded } from "@/lib/distributions/mark-gifts-funded";
import { MarkGiftsFundedBody, MarkGiftsFundedResult } from "@/lib/distributions/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/gifts/mark-funded",
  summary: "Mark gifts funded",
  tags: ["Platform distributions"],
  auth: "platform",
  scope: "gift:create",
  targetBusiness: true,
  idempotency: "required",
  errors: ["DISTRIBUTION_NOT_FOUND", "PAYOUT_PATH_MISMATCH", "DISTRIBUTION_NOT_PENDING", "CLAIM_CODE_TAKEN"],
  body: MarkGiftsFundedBody,
  response: { status: 200, schema: MarkGiftsFundedResult },
  handler: async ({ ctx, body }) => markGiftsFunded(ctx, body),
});

// POST /v1/platform/gifts/bulk: create gifts from values the platform pre-computed (claim codes included)
import { reply, route } from "@/lib/http/route";
import { bulkCreateGifts, BULK_CREATE_GIFTS_ERRORS } from "@/lib/distributions/bulk-create-gifts";
import { BulkGiftsBody, BulkGiftsResult } from "@/lib/distributions/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/gifts/bulk",
  summary: "Create gifts in bulk",
  tags: ["Platform distributions"],
  auth: "platform",
  scope: "gift:create",
  targetBusiness: true,
  idempotency: "required",
  errors: BULK_CREATE_GIFTS_ERRORS,
  body: BulkGiftsBody,
  response: { status: 201, schema: BulkGiftsResult, alternate: { status: 200, description: "No gift was created (success false; see errors)." } },
  handler: async ({ ctx, body }) => {
    const out = await bulkCreateGifts(ctx, body);
    return reply(out, { status: out.success ? 201 : 200 });
  },
});

// POST /v1/test-helpers/gifts/claim: test mode: a recipient claims a funded gift
import { route } from "@/lib/http/route";
import { actOutGiftClaim, ACT_OUT_GIFT_CLAIM_ERRORS } from "@/lib/gifts/act-out-gift-claim";
import { ClaimedGift, ClaimGiftBody } from "@/lib/gifts/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/gifts/claim",
  summary: "Test mode: a recipient claims a gift",
  tags: ["test-helpers"],
  auth: "platform",
  targetBusiness: true,
  idempotency: "optional",
  errors: ACT_OUT_GIFT_CLAIM_ERRORS,
  body: ClaimGiftBody,
  response: { status: 200, schema: ClaimedGift },
  handler: async ({ ctx, body }) => actOutGiftClaim(ctx, body),
});

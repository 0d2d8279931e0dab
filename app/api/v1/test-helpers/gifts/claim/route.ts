// POST /v1/test-helpers/gifts/claim: test mode: a recipient claims a funded gift
import { route } from "@/lib/http/route";
import { actOutGiftClaim } from "@/lib/gifts/act-out-gift-claim";
import { ClaimedGift, ClaimGiftBody } from "@/lib/gifts/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/gifts/claim",
  summary: "Test mode: a recipient claims a gift",
  tags: ["test-helpers"],
  auth: "platform",
  targetBusiness: true,
  idempotency: "optional",
  errors: ["GIFT_NOT_FOUND", "GIFT_ALREADY_CLAIMED", "GIFT_NOT_CLAIMABLE", "GIFT_EMAIL_MISMATCH", "NOT_A_TEST_PLAYER"],
  body: ClaimGiftBody,
  response: { status: 200, schema: ClaimedGift },
  handler: async ({ ctx, body }) => actOutGiftClaim(ctx, body),
});

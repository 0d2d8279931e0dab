// POST /v1/platform/gifts/mark-funded: the platform reports the gifts of a 'partner' distribution funded
import { route } from "@/lib/http/route";
import { markGiftsFunded, MARK_GIFTS_FUNDED_ERRORS } from "@/lib/distributions/mark-gifts-funded";
import { MarkGiftsFundedBody, MarkGiftsFundedResult } from "@/lib/distributions/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/gifts/mark-funded",
  summary: "Mark gifts funded",
  description:
    "For 'partner' distributions: your platform paid the gifts itself and reports it. The service records transactionHash (0x and 64 hexadecimal characters) as your platform's claim and credits the gifts on it; it is not verified on a chain, in test or live. One hash funds the gifts of one call only, per environment: sending it again to fund other gifts is 409 TRANSACTION_HASH_USED (a retry with the same Idempotency-Key replays the first answer).",
  tags: ["Platform distributions"],
  auth: "platform",
  scope: "gift:create",
  targetBusiness: true,
  idempotency: "required",
  errors: MARK_GIFTS_FUNDED_ERRORS,
  body: MarkGiftsFundedBody,
  response: { status: 200, schema: MarkGiftsFundedResult },
  handler: async ({ ctx, body }) => markGiftsFunded(ctx, body),
});

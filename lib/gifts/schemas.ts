import { z } from "zod";

export const ClaimGiftBody = z
  .object({
    claimCode: z.string().max(200, "must be at most 200 characters").optional().describe("The gift's claim code (64 hexadecimal characters)."),
    claimUrl: z.string().max(2000, "must be at most 2000 characters").optional().describe("Or the claim URL from the claim email."),
    email: z.string().max(254, "must be at most 254 characters").describe("The recipient's email (the claim email's address)."),
  })
  .strict()
  .refine((b) => (b.claimCode === undefined) !== (b.claimUrl === undefined), { message: "give exactly one of claimCode and claimUrl", path: ["claimCode"] });
export type ClaimGiftBody = z.infer<typeof ClaimGiftBody>;

export const ClaimedGift = z
  .object({
    giftId: z.string().describe("The gift (line item) id."),
    distributionId: z.string().describe("Its distribution."),
    email: z.string().describe("The recipient."),
    amountCents: z.number().int().describe("The amount, in cents."),
    status: z.literal("claimed"),
    claimedAt: z.string().describe("ISO 8601 UTC timestamp."),
    walletAddress: z.string().describe("The custody wallet the gift landed in."),
    journalId: z.string().describe("The ledger journal of the claim."),
  })
  .meta({ id: "ClaimedGift" });

// Request and response schemas of platform distributions and the fee preview.
import { z } from "zod";
import { NonEmpty, PageQuery } from "../core/schemas.ts";
import { FEE_TYPES, MAX_TOTAL_CENTS } from "../fees/fees.ts";
import { RecipientList, SplitMode } from "../split-templates/schemas.ts";
import { DISTRIBUTION_STATUSES } from "./distribution-states.ts";

export const PAYOUT_PATHS = ["partner", "fund_session"] as const;
export { MAX_TOTAL_CENTS };

export const FeeInput = z
  .object({
    label: NonEmpty(100).describe("What the fee is for."),
    percentage: z.number("must be a number").default(0).describe("Percent of the distribution total (at most 4 decimals, 0 to 100)."),
    flat: z
      .number("must be a number")
      .int("must be a whole number of cents")
      .min(0, "must not be negative")
      .max(100_000_000, "must be at most 100000000")
      .default(0)
      .describe("Flat part in cents (per recipient for per_payout_plus_percentage)."),
    feeType: z.enum(FEE_TYPES).default("flat_rate_plus_percentage").describe("How the flat part counts."),
    recipientWallet: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, "must be a wallet address (0x and 40 hexadecimal characters)")
      .describe("Where the fee is paid (required)."),
  })
  .strict();
export type FeeInput = z.output<typeof FeeInput>;

export const CreateDistributionBody = z
  .object({
    mode: SplitMode.optional().describe("percentage or fixed; with templateId it defaults to the template's mode."),
    totalAmountCents: z
      .number("must be a number")
      .int("must be a whole number of cents")
      .min(1, "must be at least 1")
      .max(MAX_TOTAL_CENTS, `must be at most ${MAX_TOTAL_CENTS}`)
      .optional()
      .describe("The amount to split, in cents (percentage mode; ignored in fixed mode)."),
    recipients: RecipientList.optional(),
    templateId: z
      .string()
      .max(64, "must be at most 64 characters")
      .optional()
      .describe("A split template to take the recipients from (instead of recipients)."),
    memo: z.string().trim().max(500, "must be at most 500 characters").optional().describe("A note shown with the distribution."),
    fees: z.array(FeeInput).max(10, "must be at most 10 fees").optional().describe("Platform fees, each with recipientWallet."),
    payoutPath: z
      .enum(PAYOUT_PATHS)
      .default("partner")
      .describe("partner (default): the platform pays and calls gifts/mark-funded; fund_session: the business pays through a fund session. Fixed at creation."),
  })
  .strict()
  .superRefine((b, ctx) => {
    if ((b.recipients === undefined) === (b.templateId === undefined))
      ctx.addIssue({ code: "custom", message: "give exactly one of recipients and templateId", path: ["recipients"] });
    if (b.templateId === undefined && b.mode === undefined) ctx.addIssue({ code: "custom", message: "is required (percentage or fixed)", path: ["mode"] });
  });
export type CreateDistributionBody = z.output<typeof CreateDistributionBody>;

export const ListDistributionsQuery = PageQuery(20).extend({
  status: z.enum(DISTRIBUTION_STATUSES).optional().describe("Only distributions in this status."),
});

export const FeePreviewQuery = z.object({
  totalAmountCents: z.coerce
    .number("must be a whole number")
    .int("must be a whole number")
    .min(0, "must not be negative")
    .max(MAX_TOTAL_CENTS, `must be at most ${MAX_TOTAL_CENTS}`)
    .optional()
    .describe("With recipientCount: also compute each fee's amount, as create would."),
  recipientCount: z.coerce
    .number("must be a whole number")
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(500, "must be at most 500")
    .optional()
    .describe("How many recipients (per-payout fees count each)."),
});

export const DistributionIdParams = z.object({ id: z.string().describe("The distribution's _id.") });

const FeeLineItemOut = z.object({
  label: z.string().describe("What the fee is for."),
  percentage: z.number().describe("Percent of the total."),
  flat: z.number().int().describe("Flat part, cents."),
  feeType: z.enum(FEE_TYPES),
  recipientWallet: z.string().nullable().describe("Where the fee is paid (null: the service's own fee)."),
  source: z.enum(["service", "platform"]).describe("service: the service's own fee; platform: sent in fees."),
  amountCents: z.number().int().describe("The fee, in cents."),
});

export const FeePreview = z.object({
  fees: z
    .array(
      FeeLineItemOut.omit({ amountCents: true, recipientWallet: true, source: true }).extend({
        amountCents: z.number().int().optional().describe("With totalAmountCents and recipientCount: the fee in cents."),
      }),
    )
    .describe("The service's fees; empty when none is configured."),
  recipientPaysPercentage: z.boolean().describe("Whether recipients bear the service's percentage fee (always false: the business pays fees on top)."),
  recipientPaysPlatformFeePercentage: z.boolean().describe("Whether recipients bear platform fees (always false)."),
  totalFeeCents: z.number().int().optional().describe("With totalAmountCents and recipientCount: the sum of the fees."),
  fundingRequiredCents: z.number().int().optional().describe("With totalAmountCents and recipientCount: totalAmountCents + totalFeeCents."),
});

export const LineItemOut = z
  .object({
    lineItemId: z.string().describe("The line item id (the giftId of a gift)."),
    email: z.string().nullable().describe("The recipient's email (null when named by userRef)."),
    userRef: z.string().nullable().describe("The business-level userRef (null when named by email)."),
    name: z.string().describe("The recipient's name."),
    method: z.enum(["direct_transfer", "gift"]).describe("direct_transfer: the recipient has an account (custody wallet); gift: claimed by email."),
    percentage: z.number().nullable().describe("percentage mode: the share in percent."),
    amountCents: z.number().int().describe("What the recipient receives, in cents."),
    status: z.string().describe("pending, funded, paid, claimed or cancelled."),
  })
  .meta({ id: "DistributionLineItem" });

export const DistributionResource = z
  .object({
    _id: z.string().describe("The distribution id."),
    businessId: z.string().describe("The business it pays for."),
    mode: SplitMode,
    totalAmountCents: z.number().int().describe("What the recipients receive, in cents."),
    status: z.enum(DISTRIBUTION_STATUSES),
    payoutPath: z.enum(PAYOUT_PATHS),
    currency: z.literal("USD"),
    lineItems: z.array(LineItemOut).describe("One per recipient."),
    totalFeeCents: z.number().int().describe("The sum of all fees."),
    feeLineItems: z.array(FeeLineItemOut).describe("One per fee: the service's first, then the platform's."),
    fundingRequiredCents: z.number().int().describe("What the business must fund: totalAmountCents + totalFeeCents."),
    fundedCents: z.number().int().describe("What fund sessions have paid in so far, in cents."),
    templateId: z.string().nullable().describe("The split template used, if any."),
    memo: z.string().describe("The memo."),
    createdByPlatformId: z.string().describe("The platform that created it (only it may cancel it)."),
    createdAt: z.string().describe("ISO 8601 UTC timestamp."),
    updatedAt: z.string().describe("ISO 8601 UTC timestamp."),
  })
  .meta({ id: "Distribution" });
export type DistributionResource = z.infer<typeof DistributionResource>;

export const DistributionList = z.object({
  distributions: z.array(DistributionResource).describe("Newest first."),
  pagination: z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int(), totalPages: z.number().int() }).describe("The page."),
});

export const MarkGiftsFundedBody = z
  .object({
    distributionId: z.string().max(64, "must be at most 64 characters").describe("The 'partner' distribution whose gifts the platform funded."),
    giftData: z
      .array(
        z
          .object({
            giftId: z.string().max(64, "must be at most 64 characters").describe("The gift's lineItemId."),
            claimCode: z
              .string()
              .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hexadecimal characters")
              .describe("The gift's claim code (64 hexadecimal characters)."),
          })
          .strict(),
      )
      .min(1, "must name at least one gift")
      .max(500, "must name at most 500 gifts")
      .describe("The funded gifts and their claim codes."),
    transactionHash: z
      .string()
      .trim()
      .regex(/^0x[0-9a-fA-F]{64}$/, "must be a transaction hash: 0x and 64 hexadecimal characters")
      .describe(
        "The hash of the platform's funding transaction: 0x and 64 hexadecimal characters. Recorded as the platform's claim (not verified on a chain); one hash funds gifts in one call only, per environment (409 TRANSACTION_HASH_USED).",
      ),
  })
  .strict();
export type MarkGiftsFundedBody = z.infer<typeof MarkGiftsFundedBody>;

export const MarkGiftsFundedResult = z.object({
  success: z.literal(true),
  result: z.object({
    updatedCount: z.number().int().describe("Gifts that became funded by this call (already funded ones are not counted again)."),
    emailsSent: z.number().int().describe("Claim emails sent."),
    emailsFailed: z.number().int().describe("Claim emails that could not be sent (the gifts stay funded)."),
    totalFundedCents: z.number().int().describe("The amount of the gifts funded by this call, in cents."),
  }),
});

export const BulkGiftsBody = z
  .object({
    senderUserId: z.string().max(128, "must be at most 128 characters").optional().describe("The platform's id of the sender (echoed in the gifts' metadata)."),
    senderWalletAddress: z.string().max(100, "must be at most 100 characters").optional().describe("The wallet the platform funds the gifts from."),
    tokenAddress: z.string().max(100, "must be at most 100 characters").optional().describe("The token contract (USDC)."),
    memo: z.string().trim().max(500, "must be at most 500 characters").optional().describe("A note for the distribution that holds the gifts."),
    recipients: z
      .array(
        z
          .object({
            email: z.string().max(254, "must be at most 254 characters").describe("The recipient's email."),
            name: z.string().trim().max(200, "must be at most 200 characters").optional().describe("The recipient's name."),
            amountCents: z.number("must be a number").describe("The gift, in whole cents."),
            vaultAddress: z
              .string()
              .max(100, "must be at most 100 characters")
              .optional()
              .describe("Pre-computed by the caller for its own on-chain funding; accepted and not used by this service."),
            rootHash: z
              .string()
              .max(200, "must be at most 200 characters")
              .optional()
              .describe("Pre-computed by the caller for its own on-chain funding; accepted and not used by this service."),
            claimCode: z.string().max(200, "must be at most 200 characters").describe("The gift's claim code (64 hexadecimal characters)."),
            giftConfig: z
              .record(z.string(), z.unknown())
              .optional()
              .describe("Pre-computed by the caller for its own on-chain funding; accepted and not used by this service."),
          })
          .strict(),
      )
      .min(1, "must name at least one recipient")
      .max(500, "must name at most 500 recipients")
      .describe("The gifts to create."),
  })
  .strict();
export type BulkGiftsBody = z.infer<typeof BulkGiftsBody>;

export const BulkGiftsResult = z
  .object({
    success: z.boolean().describe("Whether at least one gift was created."),
    result: z.object({
      distributionId: z
        .string()
        .nullable()
        .describe("The 'partner' distribution holding the created gifts (fund them with gifts/mark-funded); null when none was created."),
      gifts: z.array(z.object({ giftId: z.string(), email: z.string(), amountCents: z.number().int(), claimUrl: z.string() })).describe("The created gifts."),
      totalAmount: z.string().describe('The created gifts\' total in dollars, e.g. "12.50".'),
      successCount: z.number().int().describe("Gifts created."),
      failedCount: z.number().int().describe("Recipients refused (see errors)."),
      errors: z.array(z.object({ index: z.number().int(), email: z.string(), message: z.string() })).describe("One per refused recipient."),
    }),
  })
  .meta({ id: "BulkGiftsResult" });

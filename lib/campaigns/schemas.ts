// Request and response schemas of the campaign-key API (game-api.md "Campaign key endpoints").
// Every amount here is a number of USDC (5.5 = 5.5 USDC, at most 6 decimals); the ledger holds micro-units.
import { z } from "zod";
import { TestClockField } from "../test-clocks/schemas.ts";
import { EmailSchema } from "../core/email.ts";
import { NonEmpty, OffsetPagination, PageQuery, Pagination, Timestamp } from "../core/schemas.ts";
import { CAMPAIGN_STATES } from "./campaign-states.ts";
import { parseUsdcAmount } from "../core/usdc.ts";

const Usdc = z.number().describe("An amount of USDC as a decimal number (5.5 = 5.5 USDC).");

export const CampaignParams = z.object({ id: z.string().min(1).max(100).describe("The campaign the key belongs to.") });
export const CampaignUserParams = CampaignParams.extend({ userId: z.string().min(1).describe("The campaign userRef (pvu_…).") });
export const CampaignUserRefParams = CampaignParams.extend({ userRef: z.string().min(1).describe("The campaign userRef (pvu_…).") });

export const CampaignView = z
  .object({
    id: z.string(),
    name: z.string(),
    environment: z.enum(["test", "live"]),
    status: z.enum(CAMPAIGN_STATES),
    businessId: z.string(),
    address: z.string().describe("The campaign's custody address."),
    chain: z.string(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    totalAmountFunded: Usdc.describe("USDC ever paid into the campaign account (from the ledger)."),
    totalAmountPaidOut: Usdc.describe("USDC paid to players by events and tips (from the ledger)."),
    availableToWithdraw: Usdc.describe("The campaign account's balance, in USDC."),
  })
  .meta({ id: "Campaign" });
export type CampaignView = z.infer<typeof CampaignView>;
export const CampaignResponse = z.object({ success: z.literal(true), campaign: CampaignView });

export const Accepted = z
  .object({
    success: z.literal(true),
    message: z.string(),
    operationId: z.string().describe("The background operation; its webhook carries the same id."),
  })
  .meta({ id: "Accepted" });

export const PayoutAmount = z
  .union([z.number(), z.string()], { error: 'must be a USDC amount: a number such as 5 or 2.5, or a decimal string such as "2.5"' })
  .transform((v, ctx) => {
    const micros = parseUsdcAmount(v);
    if (typeof micros === "string") {
      ctx.addIssue({ code: "custom", message: micros });
      return z.NEVER;
    }
    return micros;
  })
  .describe("USDC as a decimal number (5 = 5 USDC, at most 6 decimals). With eventCode it replaces the definition's payout; without it, a one-time tip.");

export const RecordEventBody = z
  .object({
    eventCode: z
      .string('must be a string, for example "level_complete"')
      .trim()
      .max(100, "must be at most 100 characters")
      .optional()
      .describe("The event definition's code; omit it (with payoutAmount) for a tip."),
    userRef: z.string("must be a string: the campaign userRef (pvu_…)").pipe(NonEmpty(100)).describe("The campaign userRef (pvu_…) of a linked player."),
    payoutAmount: PayoutAmount.optional(),
  })
  // strict: a misspelt field (payout_amount) must not silently pay the definition's amount
  .strict()
  .superRefine((b, ctx) => {
    if (!b.eventCode && b.payoutAmount === undefined)
      ctx.addIssue({ code: "custom", path: ["eventCode"], message: "is required (or send payoutAmount alone for a one-time tip)" });
  });
export type RecordEventBody = z.infer<typeof RecordEventBody>;

export const EventRecorded = z
  .object({
    success: z.literal(true),
    message: z.string(),
    transactionId: z.string(),
    transactionHash: z.string(),
    payoutAmount: Usdc,
  })
  .meta({ id: "EventRecorded" });

export const EventDefinition = z.object({ code: z.string(), name: z.string(), payoutAmount: Usdc }).meta({ id: "EventDefinition" });
export const EventDefinitionList = z.object({ success: z.literal(true), events: z.array(EventDefinition) });

export const CampaignUser = z
  .object({
    success: z.literal(true),
    data: z.object({
      campaignId: z.string(),
      userId: z.string(),
      status: z.enum(["linked", "unlinked"]).describe("linked while the link is active; unlinked once removed."),
      environment: z.enum(["test", "live"]),
    }),
  })
  .meta({ id: "CampaignUser" });

export const OffsetQuery = z.object({
  limit: z.coerce.number("must be a whole number").int("must be a whole number").min(1, "must be at least 1").max(100, "must be at most 100").default(20),
  offset: z.coerce.number("must be a whole number").int("must be a whole number").min(0, "must be at least 0").default(0),
});

export const CampaignTransactionView = z
  .object({
    id: z.string(),
    campaignId: z.string(),
    userRef: z.string(),
    eventCode: z.string(),
    eventName: z.string(),
    payoutAmount: Usdc,
    transactionHash: z.string(),
    createdAt: Timestamp,
  })
  .meta({ id: "CampaignTransaction" });

export const CampaignUserTransactions = z.object({
  success: z.literal(true),
  data: z.object({
    campaignId: z.string(),
    userId: z.string(),
    environment: z.enum(["test", "live"]),
    transactions: z.array(CampaignTransactionView),
    pagination: OffsetPagination,
  }),
});

export const UsersQuery = PageQuery(20);
export const CampaignUserList = z.object({
  users: z.array(z.object({ linkId: z.string(), userRef: z.string(), email: z.string(), name: z.string(), linkedAt: Timestamp })),
  pagination: Pagination,
});

export const Removed = z.object({ success: z.literal(true) });

export const CampaignInitiateLinkBody = z.object({
  email: EmailSchema.describe("The player's email: pre-fills the sign-in form. A repeat with the same email returns the pending session with 200."),
  testClock: TestClockField,
});

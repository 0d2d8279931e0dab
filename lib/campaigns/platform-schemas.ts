// Request and response schemas of the platform campaign routes (platform-api.md "Campaigns"). Amounts are
// numbers of USDC as in the campaign-key API (5.5 = 5.5 USDC, at most 6 decimals), except the wallet
// balances, which are decimal strings like every other {address, balance} of the platform API.
import { z } from "zod";
import { NonEmpty, PageQuery, Timestamp } from "../core/schemas.ts";
import { CAMPAIGN_STATES } from "./campaign-states.ts";
import { PayoutAmount } from "./schemas.ts";

const Usdc = z.number().describe("An amount of USDC as a decimal number (5.5 = 5.5 USDC).");

export const PlatformCampaignParams = z.object({
  campaignId: z.string().min(1).max(100).describe("The campaign (from POST /v1/platform/campaigns or GET /v1/platform/campaigns)."),
});
export const PlatformCampaignUserParams = PlatformCampaignParams.extend({
  userRef: z.string().min(1).max(100).describe("The campaign-level userRef (pvu_…) of a linked player."),
});

const EVENT_CODE = /^[A-Za-z0-9_.:-]+$/;

const EventDefinitionInput = z
  .object({
    code: NonEmpty(100).regex(EVENT_CODE, "must contain only letters, digits and _ . : -").describe("The code sent as eventCode to record the event."),
    name: NonEmpty(100).describe("A readable name, shown in the payout history."),
    payoutAmount: PayoutAmount.describe("What one recorded event pays the player, in USDC (5 = 5 USDC, at most 6 decimals)."),
  })
  .strict();

const EventDefinitions = z
  .array(EventDefinitionInput, "must be an array of {code, name, payoutAmount}")
  .max(100, "must have at most 100 events")
  .superRefine((events, ctx) => {
    const seen = new Set<string>();
    events.forEach((e, i) => {
      if (seen.has(e.code)) ctx.addIssue({ code: "custom", path: [i, "code"], message: `is used twice (${JSON.stringify(e.code)})` });
      seen.add(e.code);
    });
  })
  .describe("The campaign's events; PATCH replaces the whole list.");

const WebhookUrl = z
  .string("must be an https URL")
  .trim()
  .min(1, "must not be empty")
  .max(2048, "must be at most 2048 characters")
  .describe("HTTPS endpoint for this campaign's own webhooks. Setting or replacing it generates a new webhookSecret.");

const Message = z
  .string("must be a string")
  .max(2000, "must be at most 2000 characters")
  .describe("The message of the payout email a player receives with a payout (the spec's payout-email message).");

export const CreatePlatformCampaignBody = z
  .object({
    name: NonEmpty(100).describe("The campaign's name (internal)."),
    publicName: NonEmpty(100).optional().describe("The name players see; defaults to name."),
    message: Message.optional(),
    events: EventDefinitions.optional(),
    webhookUrl: WebhookUrl.nullable().optional(),
  })
  .strict();
export type CreatePlatformCampaignBody = z.infer<typeof CreatePlatformCampaignBody>;

export const UpdatePlatformCampaignBody = z
  .object({
    name: NonEmpty(100).optional(),
    publicName: NonEmpty(100).optional(),
    message: Message.optional(),
    events: EventDefinitions.optional(),
    webhookUrl: WebhookUrl.nullable()
      .optional()
      .describe("A new https URL (a new webhookSecret is generated when it differs), or null to clear the URL and its secret."),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (Object.values(b).every((v) => v === undefined))
      ctx.addIssue({ code: "custom", path: [], message: "send at least one of name, publicName, message, events, webhookUrl" });
  });
export type UpdatePlatformCampaignBody = z.infer<typeof UpdatePlatformCampaignBody>;

export const PlatformCampaign = z.object({
  campaignId: z.string(),
  businessId: z.string(),
  name: z.string(),
  publicName: z.string(),
  message: z.string().describe("The payout email message."),
  environment: z.enum(["test", "live"]),
  status: z.enum(CAMPAIGN_STATES),
  address: z.string().describe("The campaign's custody address (its contract)."),
  chain: z.string(),
  events: z.array(z.object({ code: z.string(), name: z.string(), payoutAmount: Usdc })),
  webhookUrl: z.string().nullable(),
  webhookSecret: z.string().nullable().describe("Signs this campaign's own webhooks; null when it has no webhook URL."),
  createdByPlatformId: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type PlatformCampaign = z.infer<typeof PlatformCampaign>;

export const PlatformCampaignDetails = PlatformCampaign.extend({
  balance: Usdc.describe("The campaign account's balance in USDC: what events can still pay."),
  totalAmountFunded: Usdc.describe("USDC ever paid into the campaign account."),
  totalAmountPaidOut: Usdc.describe("USDC paid to players by events and tips."),
});

export const PlatformCampaignList = z.object({
  campaigns: z.array(
    z.object({
      campaignId: z.string(),
      name: z.string(),
      publicName: z.string(),
      environment: z.enum(["test", "live"]),
      status: z.enum(CAMPAIGN_STATES),
      createdAt: Timestamp,
    }),
  ),
  total: z.number().int(),
});

export const PlatformCampaignUsersQuery = PageQuery(20);

export const WalletBalance = z.object({
  address: z.string().describe("The custody wallet's address."),
  balance: z.string().describe('USDC as a decimal string, e.g. "12.50".'),
});

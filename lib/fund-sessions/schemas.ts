// Fund sessions (platform-api.md "Campaign fund session", "Fund session (campaign and distribution)").
import { z } from "zod";
import { TestClockField } from "../test-clocks/schemas.ts";
import { Timestamp } from "../core/schemas.ts";
import { MAX_FUND_SESSION_METADATA_BYTES } from "./fund-session-rules.ts";

export const FundSessionStatus = z
  .enum(["pending", "completed", "expired", "cancelled"])
  .describe("pending until the payer completes it; expired or cancelled otherwise.");

const Metadata = z
  .record(z.string(), z.unknown(), { message: "must be a JSON object" })
  .refine((m) => Buffer.byteLength(JSON.stringify(m)) <= MAX_FUND_SESSION_METADATA_BYTES, `must be at most ${MAX_FUND_SESSION_METADATA_BYTES} bytes as JSON`)
  .meta({ type: "object", additionalProperties: true })
  .describe(`Your own data, echoed back on the session and in Platform.FundSession.Completed (at most ${MAX_FUND_SESSION_METADATA_BYTES} bytes as JSON).`);

export const CreateCampaignFundSessionBody = z.strictObject({ metadata: Metadata.optional(), testClock: TestClockField });
export type CreateCampaignFundSessionBody = z.infer<typeof CreateCampaignFundSessionBody>;

const Handle = z.string().min(1).max(128).describe("The session's sessionKey.");
export const CampaignIdParams = z.object({ campaignId: z.string().describe("The campaign's id.") });
export const CampaignFundSessionParams = z.object({ campaignId: z.string().describe("The campaign's id."), handle: Handle });
export const DistributionFundSessionParams = z.object({ id: z.string().describe("The distribution's _id."), handle: Handle });
export const FundSessionKeyParams = z.object({ sessionKey: Handle });

const SessionKey = z.string().describe("The session's key (unguessable: it is the credential of the hosted page).");
const Url = z.string().describe("The hosted fund page: send the payer here.");

export const FundSessionCreated = z
  .object({
    sessionKey: SessionKey,
    url: Url,
    expiresAt: Timestamp,
    metadata: z
      .record(z.string(), z.unknown())
      .meta({ type: "object", additionalProperties: true })
      .nullable()
      .describe("The metadata sent at creation, or null."),
  })
  .meta({ id: "FundSessionCreated" });

const Common = {
  sessionKey: SessionKey,
  url: Url,
  status: FundSessionStatus,
  amountUsdc: z
    .number()
    .nullable()
    .describe("USDC (dollars). Distribution: the amount due (total + fees), then what was paid. Campaign: null until the payer chooses and pays."),
  transactionHash: z.string().nullable().describe("The ledger transaction of the payment, once completed."),
  completedAt: Timestamp.nullable(),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  metadata: z
    .record(z.string(), z.unknown())
    .meta({ type: "object", additionalProperties: true })
    .nullable()
    .describe("The metadata sent at creation, or null."),
};

export const CampaignFundSession = z.object({ ...Common, campaignId: z.string().describe("The campaign it funds.") }).meta({ id: "CampaignFundSession" });
export const DistributionFundSession = z
  .object({ ...Common, distributionId: z.string().describe("The distribution it funds.") })
  .meta({ id: "DistributionFundSession" });
export const FundSessionResource = z.union([CampaignFundSession, DistributionFundSession]);
export type FundSessionResource = z.infer<typeof FundSessionResource>;

export const Success = z.object({ success: z.literal(true).describe("The session was cancelled.") });

export const CompleteFundSessionBody = z.strictObject({
  amountUsdc: z
    .union([z.number(), z.string()], { error: "must be a USDC amount, for example 25 or 12.5" })
    .optional()
    .describe("What the payer pays, in USDC with at most 2 decimals. Distribution: the amount due by default; campaign: required."),
});

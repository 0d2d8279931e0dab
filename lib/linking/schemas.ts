// Request and response schemas of link sessions (game-api.md "Link session details").
import { z } from "zod";
import { TestClockField } from "../test-clocks/schemas.ts";
import { EmailSchema } from "../core/email.ts";
import { Timestamp } from "../core/schemas.ts";
import { LINK_SESSION_STATES } from "./link-session-states.ts";

// The one email rule (lib/core/email.ts): length-capped before any pattern; surrounding spaces are trimmed,
// case is folded by the services (emails match case-insensitively).
const Email = EmailSchema;

export const InitiateLinkBody = z.object({
  email: Email.nullish().describe("Pre-fills the sign-in form. Repeating the call with the same email returns the pending session with 200."),
  testClock: TestClockField,
});
export type InitiateLinkBody = z.infer<typeof InitiateLinkBody>;

export const LinkSessionInitiated = z
  .object({
    url: z.string().describe("The hosted approval page: send the player here."),
    sessionKey: z.string().describe("Store it; the webhooks and link details carry it."),
  })
  .meta({ id: "LinkSessionInitiated" });
export type LinkSessionInitiated = z.infer<typeof LinkSessionInitiated>;

export const LinkDetailsQuery = z.object({
  session: z.string().trim().min(1, "must not be empty").describe("The sessionKey returned at initiation."),
});

export const SessionKeyParams = z.object({ sessionKey: z.string().min(1).describe("The sessionKey returned at initiation.") });

/** `/v1/platform/campaigns/{campaignId}/...` linking routes: the campaign is in the path (the kernel resolves it). */
export const PlatformCampaignLinkParams = z.object({
  campaignId: z.string().min(1).max(100).describe("The campaign, of a business that granted your platform access."),
});
export const PlatformCampaignUserParams = PlatformCampaignLinkParams.extend({
  userRef: z.string().min(1, "must not be empty").max(128, "must be at most 128 characters").describe("The campaign userRef (pvu_…)."),
});
export const PlatformCampaignLinkRemoved = z.object({ success: z.literal(true), message: z.string() });

export const ApproveLinkBody = z.object({
  email: Email.optional().describe("The account that signs in; default: the prefilled email, or a new random one."),
  name: z.string("must be a string").trim().max(120, "must be at most 120 characters").optional().describe("The player's name when the account is created."),
});
export type ApproveLinkBody = z.infer<typeof ApproveLinkBody>;

export const FailLinkBody = z.object({
  message: z
    .string("must be a string")
    .trim()
    .min(1, "must not be empty")
    .max(500, "must be at most 500 characters")
    .optional()
    .describe("Sent in User.Account.Link.Failed."),
});
export type FailLinkBody = z.infer<typeof FailLinkBody>;

const State = z.enum(LINK_SESSION_STATES);
const Step = Timestamp.nullable();

const LinkSessionBase = z.object({
  sessionKey: z.string(),
  prefilledEmail: z.string().nullable(),
  environment: z.enum(["test", "live"]),
  state: State,
  status: State.describe("The same value as state."),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  openedAt: Step,
  approvedAt: Step,
  canceledAt: Step,
  failedAt: Step,
  expiredAt: Step,
  unlinkedAt: Step,
  userRef: z.string().optional().describe("Present once the player has approved."),
});

export const GameLinkSessionDetails = LinkSessionBase.extend({
  namespaceType: z.literal("game"),
  gameId: z.string(),
  gameName: z.string(),
  gameImage: z.string().nullable(),
}).meta({ id: "GameLinkSession" });
export const CampaignLinkSessionDetails = LinkSessionBase.extend({
  namespaceType: z.literal("campaign"),
  campaignId: z.string(),
  campaignName: z.string(),
}).meta({ id: "CampaignLinkSession" });
export const BusinessLinkSessionDetails = LinkSessionBase.extend({
  namespaceType: z.literal("business"),
  businessId: z.string(),
  businessName: z.string(),
}).meta({ id: "BusinessLinkSession" });

export const LinkSessionDetails = z.discriminatedUnion("namespaceType", [GameLinkSessionDetails, CampaignLinkSessionDetails, BusinessLinkSessionDetails]);
export type LinkSessionDetails = z.infer<typeof LinkSessionDetails>;

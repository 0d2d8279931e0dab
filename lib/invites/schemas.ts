// Request and response schemas of link invites (game-api.md "Link invite", Limits).
import { z } from "zod";
import { Timestamp } from "../core/schemas.ts";
import { ApproveLinkBody, LinkSessionDetails, PlatformCampaignLinkParams } from "../linking/schemas.ts";
import { INVITE_STATES, SETTABLE_INVITE_STATES } from "./invite-states.ts";

export const MAX_INVITE_LABEL = 120;
export const MAX_INVITE_USES = 1_000_000;

const Label = z
  .string("must be a string")
  .trim()
  .min(1, "must not be empty (send null to clear it)")
  .max(MAX_INVITE_LABEL, `must be at most ${MAX_INVITE_LABEL} characters`)
  .describe(`A name for your own reference, up to ${MAX_INVITE_LABEL} characters.`);

const MaxUses = z
  .number("must be a whole number from 1 to 1,000,000")
  .int("must be a whole number from 1 to 1,000,000")
  .min(1, "must be at least 1")
  .max(MAX_INVITE_USES, "must be at most 1,000,000")
  .describe("How many players may link through the invite; omitted means unlimited.");

const ExpiresAt = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 timestamp with a time zone, e.g. "2030-01-31T12:00:00Z"' })
  .transform((s) => new Date(s))
  .refine((d) => d.getTime() > Date.now(), "must be in the future")
  .describe("When the invite stops working (ISO 8601); omitted means never.");

// null is the same as leaving a field out (unlimited, never, no label), as in PATCH where null clears it.
export const CreateInviteBody = z.strictObject({
  label: Label.nullish(),
  maxUses: MaxUses.nullish(),
  expiresAt: ExpiresAt.nullish(),
});
export type CreateInviteBody = z.infer<typeof CreateInviteBody>;

export const UpdateInviteBody = z
  .strictObject({
    label: Label.nullable().optional().describe("A new label; null clears it."),
    maxUses: MaxUses.nullable().optional().describe("A new limit, not below currentUses; null makes the invite unlimited."),
    expiresAt: ExpiresAt.nullable().optional().describe("A new expiry in the future; null makes the invite never expire."),
    status: z
      .enum(SETTABLE_INVITE_STATES, { message: "must be 'active' or 'paused' (to revoke an invite, call DELETE)" })
      .optional()
      .describe("'paused' stops new links until set back to 'active'."),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), "must set at least one of label, maxUses, expiresAt, status");
export type UpdateInviteBody = z.infer<typeof UpdateInviteBody>;

const BooleanText = z.enum(["true", "false"], { message: "must be true or false" }).transform((v) => v === "true");

export const ListInvitesQuery = z.object({
  includeRevoked: BooleanText.default(false).describe("true lists revoked invites too; by default they are left out."),
});

export const CampaignParams = z.object({ id: z.string().min(1).max(100).describe("The campaign the key belongs to.") });
export const InviteParams = CampaignParams.extend({ code: z.string().min(1).describe("The invite code.") });
export const InviteCodeParams = z.object({ code: z.string().min(1).describe("The invite code.") });
/** `/v1/platform/campaigns/{campaignId}/link-invites/{code}`: the campaign is in the path (the kernel resolves it). */
export const PlatformInviteParams = PlatformCampaignLinkParams.extend({ code: z.string().min(1).describe("The invite code.") });

export const LinkInvite = z
  .object({
    code: z.string().describe("Unguessable and URL-safe; the join URL carries it."),
    label: z.string().optional(),
    status: z.enum(INVITE_STATES),
    maxUses: z.number().int().optional().describe("Omitted means unlimited."),
    currentUses: z.number().int().describe("Approved links made through the invite."),
    expiresAt: Timestamp.optional().describe("Omitted means never."),
    url: z.string().describe("The shareable join URL; each visit opens its own linking session."),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    revokedAt: Timestamp.optional().describe("Present once revoked."),
  })
  .meta({ id: "LinkInvite" });
export type LinkInvite = z.infer<typeof LinkInvite>;

export const InviteList = z.object({ invites: z.array(LinkInvite) });

export const VisitInviteBody = ApproveLinkBody;
export type VisitInviteBody = z.infer<typeof VisitInviteBody>;

export const VisitResult = z.object({
  invite: LinkInvite.describe("The invite after the visit (currentUses counts it)."),
  session: LinkSessionDetails.describe("The visitor's own link session, approved, with userRef."),
});
export type VisitResult = z.infer<typeof VisitResult>;

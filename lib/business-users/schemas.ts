// Request and response schemas of business-level user linking (platform-api.md "Businesses and
// business-level user linking", "Business-linked user", "Compliance status").
import { z } from "zod";
import { PageQuery, Pagination, Timestamp } from "../core/schemas.ts";
import { EmailInput } from "../businesses/schemas.ts";
import { VERIFICATION_STATUSES } from "../businesses/verification-statuses.ts";

/** Metadata of a business-level link session, as JSON: echoed in its webhooks as platform_metadata. */
export const MAX_LINK_METADATA_BYTES = 4096;

export const InitiateBusinessLinkBody = z.object({
  email: EmailInput.nullish().describe(
    "Pre-fills the sign-in form (400 INVALID_EMAIL when it is not an email). A repeat with the same email returns the pending session with 200. Without an email, the Idempotency-Key header is required.",
  ),
  metadata: z
    .record(z.string(), z.unknown(), { error: "must be a JSON object" })
    .refine((m) => JSON.stringify(m).length <= MAX_LINK_METADATA_BYTES, `must be at most ${MAX_LINK_METADATA_BYTES} bytes as JSON`)
    .optional()
    .describe(
      'Your own data, echoed in every link webhook of the session as metadata.platform_metadata. A `locale` key ("en", "fr", "fr-CA"…) sets the language of the hosted link page when it is one the page speaks; otherwise the browser\'s Accept-Language decides.',
    ),
});
export type InitiateBusinessLinkBody = z.output<typeof InitiateBusinessLinkBody>;

const UserRefParam = z.string().min(1, "must not be empty").max(128, "must be at most 128 characters").describe("The business-level userRef (obu_…).");

export const BusinessUserParams = z.object({ userRef: UserRefParam });
export const AssignParams = z.object({
  userRef: UserRefParam,
  campaignId: z
    .string()
    .min(1, "must not be empty")
    .max(64, "must be at most 64 characters")
    .describe("A campaign of the target business, in the key's environment."),
});

export const BusinessUsersQuery = PageQuery(20).extend({
  search: z
    .string()
    .trim()
    .max(254, "must be at most 254 characters")
    .optional()
    .describe("Only users whose email or name contains this text, case-insensitively."),
});
export type BusinessUsersQuery = z.output<typeof BusinessUsersQuery>;

export const BusinessUser = z.object({
  linkId: z.string(),
  userRef: z.string().describe("obu_ (live) or obu_test_ (test): the same for this player and business every time."),
  email: z.string(),
  name: z.string(),
  linkedAt: Timestamp,
  environment: z.enum(["test", "live"]),
});

export const BusinessUserList = z.object({ users: z.array(BusinessUser), pagination: Pagination });

export const ComplianceView = z
  .object({
    userRef: z.string(),
    status: z.enum(VERIFICATION_STATUSES),
    kycUrl: z.string().optional().describe("Present whenever status is not 'approved': the hosted page where the player sees their verification."),
  })
  .meta({ id: "Compliance" });
export type ComplianceView = z.infer<typeof ComplianceView>;

export const SetComplianceBody = z.object({
  status: z.enum(VERIFICATION_STATUSES, { error: `must be one of ${VERIFICATION_STATUSES.join(", ")}` }).describe("The status the review moves the player to."),
});

export const CampaignAssignment = z
  .object({
    campaignUserRef: z.string().describe("The player's campaign-level reference (pvu_…), for campaign events."),
    email: z.string(),
    assigned: z.literal(true).describe("Always true: the player is assigned (201: by this call; 200: already before)."),
  })
  .meta({ id: "CampaignAssignment" });

export const LinkRemoved = z.object({ success: z.literal(true), message: z.string() });

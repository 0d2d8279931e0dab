// Request and response schemas of the platform access API (platform-api.md "Platform, keys, grants,
// invites"): the platform itself, its keys and scope requests, business grants, invites and platform link
// sessions, and the test helpers that act them out.
import { z } from "zod";
import { Timestamp } from "../core/schemas.ts";
import { ALL_SCOPES, BUSINESS_SCOPES } from "./scopes.ts";

export const MAX_KEY_LABEL = 100;
export const MIN_GRACE_DAYS = 1;
export const MAX_GRACE_DAYS = 30;
export const DEFAULT_GRACE_DAYS = 7;
/** Metadata of a platform link session, as JSON: echoed in its webhooks. */
export const MAX_LINK_METADATA_BYTES = 4096;

const Id = (what: string) => z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters").describe(what);

/** A list of distinct scopes out of `allowed`, at least one. */
const ScopeList = (allowed: readonly string[], what: string) =>
  z
    .array(z.enum(allowed as [string, ...string[]], { message: `must be one of the documented scopes (see GET /docs), e.g. ${allowed[0]}` }), {
      message: "must be an array of scope names",
    })
    .min(1, "must name at least one scope")
    .max(allowed.length, `must name at most ${allowed.length} scopes`)
    .refine((a) => new Set(a).size === a.length, "must not name a scope twice")
    .describe(what);

export const Scopes = z.array(z.string());

// ---------------------------------------------------------------- the platform and its scopes

export const MAX_PLATFORM_NAME = 100;
export const MAX_PLATFORM_DESCRIPTION = 500;

/** A platform a business registers in the portal (its platform console): the Platform resource's name and description. */
export const RegisterPlatformBody = z.strictObject({
  name: z
    .string("must be a string")
    .trim()
    .min(1, "must not be empty")
    .max(MAX_PLATFORM_NAME, `must be at most ${MAX_PLATFORM_NAME} characters`)
    .describe("The platform's name, as businesses see it when they grant it access."),
  description: z
    .string("must be a string")
    .trim()
    .max(MAX_PLATFORM_DESCRIPTION, `must be at most ${MAX_PLATFORM_DESCRIPTION} characters`)
    .default("")
    .describe("What the platform does, in a sentence or two."),
});
export type RegisterPlatformBody = z.infer<typeof RegisterPlatformBody>;

export const PlatformResource = z
  .object({
    platformId: z.string(),
    name: z.string(),
    description: z.string(),
    status: z.string().describe("'active': a platform that is not active cannot authenticate."),
    approvedScopes: Scopes.describe("Scopes approved for the platform in the key's environment."),
    pendingScopes: Scopes.describe("Scopes requested and waiting for an operator (live only: test requests are approved at once)."),
    keyInfo: z.object({
      keyId: z.string(),
      environment: z.enum(["test", "live"]),
      activeScopes: Scopes.describe("The key's scopes that the platform is approved for."),
      requestedScopes: Scopes.describe("Every scope the key holds, approved or not."),
    }),
  })
  .meta({ id: "Platform" });

export const ScopeRequestBody = z.strictObject({
  scopes: ScopeList(
    ALL_SCOPES,
    "The scopes to approve for the platform. With a test key they are approved at once; with a live key an operator approves them.",
  ),
});
export type ScopeRequestBody = z.infer<typeof ScopeRequestBody>;

export const ScopeRequestResult = z.object({
  requestId: z.string(),
  requestedScopes: Scopes,
  status: z.enum(["approved", "pending"]).describe("'approved' at once in test, or when every scope was already approved; otherwise 'pending'."),
  platform: z.object({ approvedScopes: Scopes, pendingScopes: Scopes }),
});

// ---------------------------------------------------------------- API keys

export const KeyStatus = z.enum(["pending", "active", "revoked"]);

export const ApiKeyResource = z
  .object({
    keyId: z.string(),
    platformId: z.string(),
    environment: z.enum(["test", "live"]),
    requestedScopes: Scopes.describe("The scopes the key holds."),
    activeScopes: Scopes.describe("The requested scopes the platform is approved for: what the key can use now."),
    status: KeyStatus.describe(
      "'pending' while some requested scope awaits approval (the key works for its activeScopes); 'revoked' once deleted or after a rotation's grace period.",
    ),
    label: z.string(),
    prefix: z.string().describe("The first characters of the raw key, to recognise it."),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    lastUsedAt: Timestamp.nullable().describe("The last authenticated call (updated at most once a minute)."),
    expiresAt: Timestamp.nullable().describe("Set on a rotated key: the end of its grace period, after which it gets 401."),
    replacedByKeyId: z.string().nullable().describe("Set on a rotated key: the key that replaced it."),
  })
  .meta({ id: "ApiKey" });

export const KeyList = z.object({ keys: z.array(ApiKeyResource), total: z.number().int() });

export const CreateKeyBody = z.strictObject({
  requestedScopes: ScopeList(ALL_SCOPES, "The scopes of the new key; the calling key must hold each of them."),
  label: z
    .string("must be a string")
    .trim()
    .min(1, "must not be empty")
    .max(MAX_KEY_LABEL, `must be at most ${MAX_KEY_LABEL} characters`)
    .describe(`A name for your own reference, up to ${MAX_KEY_LABEL} characters.`),
});
export type CreateKeyBody = z.infer<typeof CreateKeyBody>;

export const CreatedKey = z.object({
  key: ApiKeyResource,
  rawKey: z.string().describe("The raw key, shown this once: store it now."),
  message: z.string(),
});

export const KeyParams = z.object({ keyId: Id("The keyId.") });

export const KeyEnvelope = z.object({ key: ApiKeyResource });

export const DeletedKey = z.object({ message: z.string(), keyId: z.string() });

export const RotateKeyBody = z.strictObject({
  gracePeriodDays: z
    .number("must be a whole number of days from 1 to 30")
    .int("must be a whole number of days from 1 to 30")
    .min(MIN_GRACE_DAYS, `must be at least ${MIN_GRACE_DAYS}`)
    .max(MAX_GRACE_DAYS, `must be at most ${MAX_GRACE_DAYS}`)
    .default(DEFAULT_GRACE_DAYS)
    .describe("How many days the old key keeps working (1 to 30, default 7)."),
});
export type RotateKeyBody = z.infer<typeof RotateKeyBody>;

export const RotatedKey = z.object({
  newKey: ApiKeyResource,
  rawKey: z.string().describe("The new raw key, shown this once."),
  oldKeyId: z.string(),
  gracePeriodDays: z.number().int(),
  message: z.string(),
});

// ---------------------------------------------------------------- grants

export const GrantResource = z
  .object({
    _id: z.string(),
    grantId: z.string(),
    platformId: z.string(),
    businessId: z.string(),
    businessName: z.string(),
    grantedScopes: Scopes,
    status: z.enum(["active", "revoked"]),
    source: z.enum(["link_session", "invite", "direct"]).describe("How the business granted it."),
    createdAt: Timestamp,
    revokedAt: Timestamp.nullable(),
    revokedBy: z.enum(["platform", "business"]).nullable(),
    lastUsedAt: Timestamp.nullable().describe("The platform's last call for the business under this grant."),
  })
  .meta({ id: "Grant" });

export const GrantList = z.object({ grants: z.array(GrantResource), total: z.number().int() });

export const GrantParams = z.object({ grantId: Id("The grant id.") });

export const SuccessMessage = z.object({ success: z.literal(true), message: z.string() });

// ---------------------------------------------------------------- invites

export const InviteStatus = z.enum(["pending", "accepted", "declined", "cancelled", "cleared", "expired"]);

export const InviteResource = z
  .object({
    _id: z.string(),
    inviteId: z.string(),
    platformId: z.string(),
    businessId: z.string(),
    requestedScopes: Scopes,
    status: InviteStatus.describe("'cleared': its grant was revoked, so a new invite can be sent; 'expired': pending past expiresAt."),
    grantId: z.string().nullable().describe("The grant created when the business accepted."),
    createdAt: Timestamp,
    expiresAt: Timestamp,
    decidedAt: Timestamp.nullable(),
  })
  .meta({ id: "PlatformInvite" });

export const InviteList = z.object({ invites: z.array(InviteResource), total: z.number().int() });

export const CreateInviteBody = z.strictObject({
  businessId: Id("The business to invite (in the key's environment)."),
  requestedScopes: ScopeList(BUSINESS_SCOPES, "The business scopes the platform asks the business to grant."),
});
export type CreateInviteBody = z.infer<typeof CreateInviteBody>;

export const InviteParams = z.object({ inviteId: Id("The inviteId.") });

// ---------------------------------------------------------------- platform link sessions

const Metadata = z
  .record(z.string(), z.unknown(), { message: "must be a JSON object" })
  .refine((m) => Buffer.byteLength(JSON.stringify(m)) <= MAX_LINK_METADATA_BYTES, `must be at most ${MAX_LINK_METADATA_BYTES} bytes as JSON`)
  .meta({ type: "object", additionalProperties: true })
  .describe(`Your own data, echoed in the session's webhooks (at most ${MAX_LINK_METADATA_BYTES} bytes as JSON).`);

export const CreateLinkSessionBody = z.strictObject({
  scopes: ScopeList(BUSINESS_SCOPES, "The business scopes the business admin is asked to grant."),
  metadata: Metadata.optional(),
});
export type CreateLinkSessionBody = z.infer<typeof CreateLinkSessionBody>;

export const LinkSessionStatus = z.enum(["pending", "approved", "declined", "expired"]);

export const PlatformLinkSessionResource = z
  .object({
    sessionKey: z.string().describe("Identifies the session in webhooks and test helpers."),
    url: z.string().describe("The hosted page where a business admin approves or declines: send them here."),
    status: LinkSessionStatus,
    scopes: Scopes,
    metadata: z
      .unknown()
      .meta({ type: ["object", "null"], additionalProperties: true })
      .describe("As sent, or null."),
    businessId: z.string().nullable().describe("The business that approved or declined."),
    grantId: z.string().nullable().describe("The grant created on approval."),
    createdAt: Timestamp,
    expiresAt: Timestamp,
  })
  .meta({ id: "PlatformLinkSession" });

export const LinkSessionParams = z.object({ sessionKey: Id("The sessionKey from POST /v1/platform/link-sessions.") });

export const HelperBusinessBody = z.strictObject({
  businessId: Id("The business whose admin acts: a test business this platform created through POST /v1/platform/business."),
});
export type HelperBusinessBody = z.infer<typeof HelperBusinessBody>;

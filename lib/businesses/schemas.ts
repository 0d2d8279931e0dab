// Request and response schemas of the business endpoints of the platform API (platform-api.md
// "Businesses and business-level user linking"): create a business, its details and wallet, and the email lookup.
import { z } from "zod";
import { NonEmpty, Timestamp } from "../core/schemas.ts";
import { BUSINESS_SCOPES } from "../platform/scopes.ts";
import { VERIFICATION_STATUSES } from "./verification-statuses.ts";

export const MAX_MEMBERS = 50;
export const MAX_LOOKUP_EMAILS = 100;

/**
 * An email as sent; the service checks it with the one email rule (lib/core/email.ts) and answers 400
 * INVALID_EMAIL naming the field, as the spec's Errors table says. The cap here only stops huge strings.
 */
export const EmailInput = z.string("must be a string: an email address").max(400, "must be at most 254 characters");

const Role = z
  .string("must be a string")
  .trim()
  .min(1, "must not be empty")
  .max(50, "must be at most 50 characters")
  .regex(/^[A-Za-z0-9_.:-]+$/, "may hold only letters, digits and _ . : -");

export const MemberInput = z.object({
  email: EmailInput.describe("The member's email. Without an account yet, the member is a placeholder until someone signs up with this email and verifies it."),
  roles: z
    .array(Role, { error: "must be an array of role names" })
    .max(20, "must list at most 20 roles")
    .default([])
    .describe('Role names kept with the member, e.g. ["admin"]; default none. The owner and members with "admin" administer the business on its hosted pages.'),
  isOwner: z.boolean("must be true or false").optional().describe("Marks an owner. When no member is marked, the first member is the owner."),
});

export const AddressInput = z.object({
  line1: NonEmpty(200).describe("Street address."),
  line2: z.string("must be a string").trim().max(200, "must be at most 200 characters").optional().describe("Apartment, suite, floor (optional)."),
  city: NonEmpty(100),
  state: NonEmpty(100).describe("State, province or region."),
  postalCode: NonEmpty(20),
  country: z
    .string("must be a string")
    .trim()
    .regex(/^[A-Za-z]{2}$/, "must be a two-letter ISO 3166-1 country code, e.g. US or FR")
    .transform((c) => c.toUpperCase())
    .describe("Two-letter ISO 3166-1 country code (upper-cased)."),
});
export type AddressInput = z.output<typeof AddressInput>;

const HttpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).max(2048, "must be at most 2048 characters");

export const BusinessScopeList = z
  .array(z.enum(BUSINESS_SCOPES as [string, ...string[]], { message: "must be a business scope (see the platform API reference), e.g. business:read" }), {
    message: "must be an array of scope names",
  })
  .max(BUSINESS_SCOPES.length, `must name at most ${BUSINESS_SCOPES.length} scopes`)
  .refine((a) => new Set(a).size === a.length, "must not name a scope twice");

export const CreateBusinessBody = z.object({
  name: NonEmpty(200).describe("Unique in the key's environment (compared case-insensitively): a second business with the name gets 409 BUSINESS_NAME_TAKEN."),
  members: z
    .array(MemberInput, { error: "must be an array of members: [{email, roles, isOwner}]" })
    .min(1, "must list at least one member")
    .max(MAX_MEMBERS, `must list at most ${MAX_MEMBERS} members`)
    .describe("The people who administer the business, by email (each email once)."),
  address: AddressInput,
  grantScopes: BusinessScopeList.optional().describe(
    "The business scopes the new business grants the calling platform, kept only where the platform is approved for them in this environment. Omitted: every business scope the platform is approved for.",
  ),
  logoUrl: HttpUrl.optional().describe("The business logo (http or https), shown on the hosted business-level link page."),
});
export type CreateBusinessBody = z.output<typeof CreateBusinessBody>;

// ------------------------------------------------------------------ responses

export const BusinessMemberView = z
  .object({
    memberId: z.string(),
    userId: z
      .string()
      .nullable()
      .describe("The account of the member; null while the member is a placeholder (nobody has signed up and verified the email yet)."),
    email: z.string(),
    roles: z.array(z.string()),
    isOwner: z.boolean(),
  })
  .meta({ id: "BusinessMember" });

export const BusinessGrantView = z.object({
  _id: z.string(),
  grantedScopes: z.array(z.string()),
  status: z.string().describe("'active', or 'revoked' once the platform or the business revoked it."),
});

export const BusinessLinks = z
  .object({
    home: z.string().describe("The business's home page, for its admins."),
    kyb: z.string().describe("The page that shows the business's verification (KYB) status."),
    signIn: z.string().describe("Where a member signs in (or signs up with the member email) to administer the business."),
  })
  .meta({ id: "BusinessLinks" });

export const BusinessCreated = z.object({
  business: z.object({ _id: z.string(), name: z.string() }),
  members: z.array(BusinessMemberView),
  grant: BusinessGrantView,
  links: BusinessLinks,
});
export type BusinessCreated = z.infer<typeof BusinessCreated>;

export const AddressView = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
});

export const BusinessDetails = z
  .object({
    business: z.object({
      _id: z.string(),
      name: z.string(),
      environment: z.enum(["test", "live"]),
      logoUrl: z.string().nullable(),
      address: AddressView.nullable().describe("null for a business made before the platform API (no address on file)."),
      verificationStatus: z.enum(VERIFICATION_STATUSES).describe("The business verification (KYB) status."),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    }),
    members: z.array(BusinessMemberView),
    grant: BusinessGrantView.extend({ createdAt: Timestamp }).describe("The grant the calling platform acts under."),
    links: BusinessLinks,
  })
  .meta({ id: "Business" });
export type BusinessDetails = z.infer<typeof BusinessDetails>;

export const BusinessWalletBalance = z.object({
  address: z.string().describe("The business funding wallet's custody address (0x + 40 hex)."),
  balance: z.string().describe('USDC as a decimal string, e.g. "12.50".'),
});

// ------------------------------------------------------------------ email lookup

export const LookupEmailsBody = z.object({
  emails: z
    .array(EmailInput, { error: "must be an array of email addresses" })
    .min(1, "must list at least one email")
    .max(MAX_LOOKUP_EMAILS, `must list at most ${MAX_LOOKUP_EMAILS} emails`)
    .describe(`Up to ${MAX_LOOKUP_EMAILS} emails; an invalid one is 400 INVALID_EMAIL naming it.`),
});
export type LookupEmailsBody = z.output<typeof LookupEmailsBody>;

export const LookupEmailsResult = z.object({
  results: z
    .array(z.object({ email: z.string().describe("The email as sent."), hasAccount: z.boolean() }))
    .describe("One result per email sent, in the same order; nothing else about a user is exposed."),
});

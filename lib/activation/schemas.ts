// The activation application (KYB) a business's owner or admin sends to go live, in the portal
// (/portal/{businessId}/activation) and on the hosted verification page (links.kyb): who the business is, where,
// its registration and tax ids, its website, what it sells and the person who represents it. A draft holds the
// same fields, any of them still empty; submitting requires the whole application (docs/decisions/going-live-activation.md).
import { z } from "zod";
import { EmailSchema, normalizeEmail } from "../core/email.ts";
import { now } from "../core/clock.ts";
import { NonEmpty } from "../core/schemas.ts";
import { AddressInput } from "../businesses/schemas.ts";

/** The youngest a representative may be, in years. */
export const MIN_REPRESENTATIVE_AGE = 18;

/** Whole years between a YYYY-MM-DD birth date and `today` (UTC). */
export const ageOn = (dateOfBirth: string, today: Date = now()): number => {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  return beforeBirthday ? age - 1 : age;
};

/** A real calendar day written YYYY-MM-DD (2024-02-30 is not one). */
const isCalendarDay = (s: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const date = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === s;
};

export const DateOfBirth = z
  .string("must be a string: a date written YYYY-MM-DD")
  .trim()
  .min(1, { message: "must not be empty", abort: true })
  .refine(isCalendarDay, { message: "must be a date written YYYY-MM-DD, e.g. 1984-07-21", abort: true })
  .refine((s) => s >= "1900-01-01", { message: "must be after 1900-01-01", abort: true })
  .refine((s) => ageOn(s) >= MIN_REPRESENTATIVE_AGE, `must be the birth date of an adult: the representative must be at least ${MIN_REPRESENTATIVE_AGE}`)
  .describe("The representative's date of birth, YYYY-MM-DD: an adult (18 or older).");

/** The business's website: an https address (the review opens it). */
export const Website = z
  .string("must be a string: the website's https:// address")
  .trim()
  .max(2048, "must be at most 2048 characters")
  .refine((s) => /^https:\/\//i.test(s), { message: "must start with https://, e.g. https://example.com", abort: true })
  .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: "must be a website address with a domain name, e.g. https://example.com" }))
  .describe("The business's website, an https:// address.");

export const Representative = z.object({
  firstName: NonEmpty(100).describe("The representative's first (given) name."),
  lastName: NonEmpty(100).describe("The representative's last (family) name."),
  dateOfBirth: DateOfBirth,
  email: EmailSchema.transform(normalizeEmail).describe("The representative's email address."),
});

/** The address of the business's registered office: the platform API's address, the state optional here. */
export const ActivationAddress = AddressInput.extend({
  state: z.string("must be a string").trim().max(100, "must be at most 100 characters").optional().describe("State, province or region (optional)."),
});

export const ActivationApplication = z.object({
  legalName: NonEmpty(200).describe("The business's registered legal name."),
  address: ActivationAddress,
  registrationNumber: NonEmpty(64).describe("The company registration number (e.g. the company number, SIREN, EIN for a sole proprietor)."),
  taxId: NonEmpty(64).describe("The tax or VAT identification number."),
  website: Website,
  productDescription: z
    .string("must be a string")
    .trim()
    .min(20, "must say what the business sells in at least 20 characters")
    .max(2000, "must be at most 2000 characters")
    .describe("What the business sells, to whom, and how players pay."),
  representative: Representative,
});
export type ActivationApplication = z.output<typeof ActivationApplication>;

/** Any text of a draft: trimmed, capped, possibly empty (an empty field is simply not filled in yet). */
const DraftText = (max: number) => z.string("must be a string").trim().max(max, `must be at most ${max} characters`).optional();

/**
 * A draft of the application: the same fields, each optional and only capped, so a half-filled form can be kept.
 * The complete application is checked when it is submitted.
 */
export const ActivationDraft = z.object({
  legalName: DraftText(200),
  address: z
    .object({ line1: DraftText(200), line2: DraftText(200), city: DraftText(100), state: DraftText(100), postalCode: DraftText(20), country: DraftText(2) })
    .optional(),
  registrationNumber: DraftText(64),
  taxId: DraftText(64),
  website: DraftText(2048),
  productDescription: DraftText(2000),
  representative: z.object({ firstName: DraftText(100), lastName: DraftText(100), dateOfBirth: DraftText(10), email: DraftText(254) }).optional(),
});
export type ActivationDraft = z.output<typeof ActivationDraft>;

/** The flat fields of the application forms (portal and hosted page), in screen order. */
export const APPLICATION_FIELDS = [
  "legalName",
  "addressLine1",
  "addressLine2",
  "city",
  "state",
  "postalCode",
  "country",
  "registrationNumber",
  "taxId",
  "website",
  "productDescription",
  "representativeFirstName",
  "representativeLastName",
  "representativeDateOfBirth",
  "representativeEmail",
] as const;
export type ApplicationField = (typeof APPLICATION_FIELDS)[number];
export type ApplicationForm = Partial<Record<ApplicationField, string>>;

const PATHS: Record<ApplicationField, string> = {
  legalName: "legalName",
  addressLine1: "address.line1",
  addressLine2: "address.line2",
  city: "address.city",
  state: "address.state",
  postalCode: "address.postalCode",
  country: "address.country",
  registrationNumber: "registrationNumber",
  taxId: "taxId",
  website: "website",
  productDescription: "productDescription",
  representativeFirstName: "representative.firstName",
  representativeLastName: "representative.lastName",
  representativeDateOfBirth: "representative.dateOfBirth",
  representativeEmail: "representative.email",
};

/** The form field of a schema path ("representative.dateOfBirth" → "representativeDateOfBirth"); null for none. */
export const formFieldOf = (path: string): ApplicationField | null => APPLICATION_FIELDS.find((f) => PATHS[f] === path) ?? null;

/**
 * The flat form as the application's shape: empty optional fields are left out, so "" in an optional field
 * (line 2, the state) reads as absent; a required field sent empty stays "" and is refused as empty.
 */
export const applicationOfForm = (form: ApplicationForm): Record<string, unknown> => {
  const v = (f: ApplicationField) => form[f] ?? "";
  const optional = (f: ApplicationField) => (v(f).trim() ? v(f) : undefined);
  return {
    legalName: v("legalName"),
    address: {
      line1: v("addressLine1"),
      line2: optional("addressLine2"),
      city: v("city"),
      state: optional("state"),
      postalCode: v("postalCode"),
      country: v("country"),
    },
    registrationNumber: v("registrationNumber"),
    taxId: v("taxId"),
    website: v("website"),
    productDescription: v("productDescription"),
    representative: {
      firstName: v("representativeFirstName"),
      lastName: v("representativeLastName"),
      dateOfBirth: v("representativeDateOfBirth"),
      email: v("representativeEmail"),
    },
  };
};

/** A stored application or draft (any shape, from the database) as the form's flat values, for prefilling. */
export const formOfApplication = (stored: unknown): ApplicationForm => {
  const o = (x: unknown): Record<string, unknown> => (x && typeof x === "object" && !Array.isArray(x) ? (x as Record<string, unknown>) : {});
  const root = o(stored);
  const s = (x: unknown) => (typeof x === "string" ? x : "");
  const out: ApplicationForm = {};
  for (const f of APPLICATION_FIELDS) {
    const [a, b] = PATHS[f].split(".") as [string, string | undefined];
    out[f] = s(b === undefined ? root[a] : o(root[a])[b]);
  }
  return out;
};

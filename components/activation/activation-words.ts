// The words of the activation pages (the portal's "Go live" and the hosted verification page), read from the
// "platform" catalog's verification.* keys: the portal passes the English translator, the hosted page the
// reader's language. One set of words, so both pages say the same things.
import type { VerificationStatus } from "@/lib/businesses/verification-statuses";
import { APPLICATION_FIELDS, type ApplicationField } from "@/lib/activation/schemas";
import type { Translator } from "@/lib/i18n/translator";

export type ActivationWords = {
  status: Record<VerificationStatus, string>;
  explain: Record<VerificationStatus, string>;
  steps: { label: string; apply: string; review: string; decision: string; done: string; current: string };
  note: { action_required: string; rejected: string };
  form: Record<string, string>;
  /** per field, what to fix; null: the pages show the service's own (English) message under the field */
  invalid: Record<ApplicationField, string> | null;
  documents: Record<string, string>;
  errors: Record<string, string>;
  approvedNext: string;
  openPortal: string;
};

const group = (t: Translator, prefix: string, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, t(`${prefix}.${k}`)]));

const STATUSES = ["not_started", "pending", "approved", "rejected", "action_required"] as const;
const FORM_KEYS = [
  "title",
  "intro",
  "readOnly",
  "business",
  "address",
  "representative",
  "representativeHint",
  ...APPLICATION_FIELDS,
  "legalNameHint",
  "countryHint",
  "registrationNumberHint",
  "taxIdHint",
  "websiteHint",
  "productDescriptionHint",
  "representativeDateOfBirthHint",
  "save",
  "saving",
  "submit",
  "submitting",
  "saved",
  "submitted",
  "checkFields",
] as const;
const DOCUMENT_KEYS = ["title", "none", "file", "upload", "uploading", "remove", "removing", "chooseFile"] as const;
const ERROR_KEYS = ["notAllowed", "needDocument", "documentInvalid", "documentLimit", "documentNotFound"] as const;

/** The words in `t`'s language; `fieldMessages`: show the catalog's per-field message instead of the service's. */
export const activationWords = (t: Translator, { fieldMessages }: { fieldMessages: boolean }): ActivationWords => ({
  status: group(t, "verification.status", STATUSES) as ActivationWords["status"],
  explain: group(t, "verification.explain", STATUSES) as ActivationWords["explain"],
  steps: group(t, "verification.steps", ["label", "apply", "review", "decision", "done", "current"]) as ActivationWords["steps"],
  note: group(t, "verification.note", ["action_required", "rejected"]) as ActivationWords["note"],
  form: group(t, "verification.form", FORM_KEYS),
  invalid: fieldMessages ? (group(t, "verification.invalid", APPLICATION_FIELDS) as Record<ApplicationField, string>) : null,
  documents: group(t, "verification.documents", DOCUMENT_KEYS),
  errors: group(t, "verification.errors", ERROR_KEYS),
  approvedNext: t("verification.approvedNext"),
  openPortal: t("verification.openPortal"),
});

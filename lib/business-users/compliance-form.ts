// The fields of the identity verification form (/account/verification), in screen order: the page, its
// server action and the error messages of the "account" catalog (verification.form.errors.<field>) share them.
export const VERIFICATION_FIELDS = ["legalName", "dateOfBirth", "line1", "line2", "city", "state", "postalCode", "country", "document"] as const;
export type VerificationField = (typeof VERIFICATION_FIELDS)[number];

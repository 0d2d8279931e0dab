// The statuses of a verification review: a business's verification (KYB) and a player's compliance (KYC)
// use the spec's five compliance statuses (platform-api.md "Compliance status").

export const VERIFICATION_STATUSES = ["not_started", "pending", "approved", "rejected", "action_required"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** A stored status as the API shows it (an unknown value reads as not_started). */
export const verificationStatusOf = (s: string | null | undefined): VerificationStatus =>
  (VERIFICATION_STATUSES as readonly string[]).includes(s ?? "") ? (s as VerificationStatus) : "not_started";

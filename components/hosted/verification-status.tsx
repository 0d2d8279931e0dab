// A verification (KYB or KYC) status in plain words: a labelled badge and what it means for the reader.
// The words say only what is true of this service: no review can be started online yet.
import type { VerificationStatus } from "@/lib/businesses/verification-statuses";
import { Badge } from "@/components/ui/badge";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";

const TONE: Record<VerificationStatus, "warning" | "success" | "neutral" | "danger"> = {
  not_started: "neutral",
  pending: "warning",
  approved: "success",
  rejected: "danger",
  action_required: "warning",
};

/** The status as a badge, in `locale` (the "common" catalog's `verification.<status>`). */
export const VerificationBadge = ({ status, locale = DEFAULT_LOCALE }: { status: VerificationStatus; locale?: Locale }) => (
  <Badge tone={TONE[status]} dot>
    {getTranslator(locale, "common")(`verification.${status}`)}
  </Badge>
);

/** What the status means, for `subject` ("This business", "Your identity"), and what can be done now. */
export const verificationExplanation = (status: VerificationStatus, subject: string): string => {
  switch (status) {
    case "not_started":
      return `${subject} has not been verified. Verification cannot be started online yet: nothing needs to be done on this page for now.`;
    case "pending":
      return `${subject} is being reviewed. Nothing needs to be done for now.`;
    case "approved":
      return `${subject} is verified.`;
    case "rejected":
      return `${subject} was not approved by the review. Contact the platform or business that sent you here to find out why.`;
    case "action_required":
      return `The review of ${subject.toLowerCase()} needs more information. It cannot be sent online yet: contact the platform or business that sent you here.`;
  }
};

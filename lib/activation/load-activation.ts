// The business's own view of its activation, for its owners and admins (the edge checked who asks): the status,
// the operator's note, the application (the draft until it is submitted), the supporting documents (without their
// bytes), when it was submitted and decided, and whether it may still be changed.
import type { DbContext } from "../core/context.ts";
import { verificationStatusOf, type VerificationStatus } from "../businesses/verification-statuses.ts";
import { listVerificationDocuments } from "../documents/list-verification-documents.ts";
import type { StoredDocument } from "../documents/store-verification-document.ts";
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_SUBJECT } from "../documents/document-type.ts";
import { canTransitionActivation } from "./activation-states.ts";
import { formOfApplication, type ApplicationForm } from "./schemas.ts";

export type ActivationView = {
  businessId: string;
  businessName: string;
  status: VerificationStatus;
  /** the operator's reason (rejected) or what to fix (action required); null otherwise */
  note: string | null;
  /** the application as the form shows it: the draft, or what was submitted */
  application: ApplicationForm;
  documents: StoredDocument[];
  submittedAt: Date | null;
  decidedAt: Date | null;
  /** the application, its documents and the submit button are open: not started or action required */
  editable: boolean;
  limits: { maxDocuments: number; maxBytes: number };
};

/** Null for an unknown business. */
export const loadActivation = async (ctx: DbContext, { businessId }: { businessId: string }): Promise<ActivationView | null> => {
  const b = await ctx.db.business.findUnique({
    where: { id: businessId },
    select: { id: true, name: true, kybStatus: true, kybApplication: true, kybNote: true, kybSubmittedAt: true, kybDecidedAt: true },
  });
  if (!b) return null;
  const status = verificationStatusOf(b.kybStatus);
  return {
    businessId: b.id,
    businessName: b.name,
    status,
    note: status === "rejected" || status === "action_required" ? b.kybNote || null : null,
    application: formOfApplication(b.kybApplication),
    documents: await listVerificationDocuments(ctx, { subjectType: "business", subjectId: b.id }),
    submittedAt: b.kybSubmittedAt,
    decidedAt: b.kybDecidedAt,
    editable: canTransitionActivation(status, "submit"),
    limits: { maxDocuments: MAX_DOCUMENTS_PER_SUBJECT, maxBytes: MAX_DOCUMENT_BYTES },
  };
};

// A supporting document of the business's activation, for GET /portal/{businessId}/activation/documents/{documentId}:
// only for a member whose roles grant activation:write (owners and admins), and only a document of this business.
// Every refusal (signed out, a stranger, a member of another business, a role without the permission, another
// business's document, an unknown id) is null, so the route answers 404 alike and tells nobody what exists.
import { AppError } from "../core/errors.ts";
import { loadVerificationDocument, type DocumentFile } from "../documents/load-verification-document.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

export const loadPortalActivationDocument = async (
  ctx: PortalContext,
  { businessId, documentId }: { businessId: string; documentId: string },
): Promise<DocumentFile | null> => {
  try {
    await requirePortalAccess(ctx, { businessId, permission: "activation:write" });
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
  return loadVerificationDocument(ctx, { documentId, subject: { subjectType: "business", subjectId: businessId } });
};

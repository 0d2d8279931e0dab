// "Remove" on a document of /portal/{businessId}/activation (activation:write: owners and admins): only a
// document of this business, only while the application is open (the service checks both).
import { removeActivationDocument } from "../activation/remove-activation-document.ts";
import { asActivationMember } from "./portal-activation-context.ts";
import { portalCommand } from "./portal-command.ts";

export const removePortalActivationDocument = portalCommand<{ businessId: string; documentId: string }, { documentId: string; filename: string }>({
  permission: "activation:write",
  run: (ctx, { params, member }) => removeActivationDocument(asActivationMember(ctx, member), { documentId: params.documentId }),
  // the service writes business.activation.document_removed itself, in its transaction
  audit: () => null,
});

// "Add document" on /portal/{businessId}/activation (activation:write: owners and admins): the uploaded file's
// bytes through the activation service (sniffed, capped, counted; only while the application is open).
import { attachActivationDocument } from "../activation/attach-activation-document.ts";
import type { StoredDocument } from "../documents/store-verification-document.ts";
import { asActivationMember } from "./portal-activation-context.ts";
import { portalCommand } from "./portal-command.ts";

export const attachPortalActivationDocument = portalCommand<{ businessId: string; filename: string; bytes: Uint8Array }, StoredDocument>({
  permission: "activation:write",
  run: (ctx, { params, member }) => attachActivationDocument(asActivationMember(ctx, member), { filename: params.filename, bytes: params.bytes }),
  // the service writes business.activation.document_added itself, in its transaction
  audit: () => null,
});

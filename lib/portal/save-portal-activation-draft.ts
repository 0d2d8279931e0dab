// "Save draft" on /portal/{businessId}/activation (activation:write: owners and admins). The service checks the
// draft, that the application is still open for editing, and writes the audit entry (the hosted page calls it too).
import { saveActivationDraft } from "../activation/save-activation-draft.ts";
import { applicationOfForm, type ActivationDraft, type ApplicationForm } from "../activation/schemas.ts";
import { asActivationMember } from "./portal-activation-context.ts";
import { portalCommand } from "./portal-command.ts";

export const savePortalActivationDraft = portalCommand<{ businessId: string; form: ApplicationForm }, { application: ActivationDraft }>({
  permission: "activation:write",
  run: (ctx, { params, member }) => saveActivationDraft(asActivationMember(ctx, member), { application: applicationOfForm(params.form) }),
  // the service writes business.activation.draft_saved itself, in its transaction (the hosted page has no command)
  audit: () => null,
});

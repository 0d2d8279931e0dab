// "Submit for review" on /portal/{businessId}/activation (activation:write: owners and admins): the application
// as the form holds it, through the one submit service (complete application, a document, the state table, the
// audit entry, then the mails once committed: hence "service" mode).
import { submitActivation, type SubmittedActivation } from "../activation/submit-activation.ts";
import { applicationOfForm, type ApplicationForm } from "../activation/schemas.ts";
import { asActivationMember } from "./portal-activation-context.ts";
import { portalCommand } from "./portal-command.ts";

export const submitPortalActivation = portalCommand<{ businessId: string; form: ApplicationForm }, SubmittedActivation>({
  permission: "activation:write",
  transaction: "service",
  run: (ctx, { params, member }) => submitActivation(asActivationMember(ctx, member), { application: applicationOfForm(params.form) }),
  // the service writes business.activation.submitted itself, in its transaction
  audit: () => null,
});

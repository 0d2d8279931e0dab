// The member acting on their business's activation (lib/activation), after the command checked activation:write:
// the services read the member for the audit entry and the uploader, and the business from the scope.
import type { DbContext } from "../core/context.ts";
import type { ActivationContext } from "../activation/activation-context.ts";
import { memberActorOf, portalRequestId } from "./helper-contexts.ts";
import type { PortalMember } from "./require-portal-access.ts";

export const asActivationMember = (ctx: DbContext, member: PortalMember): ActivationContext => ({
  db: ctx.db,
  actor: memberActorOf(member),
  scope: { kind: "business", environment: member.business.environment, businessId: member.business.id },
  requestId: portalRequestId(),
});

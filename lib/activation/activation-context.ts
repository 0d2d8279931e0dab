// Who changes a business's activation and where: an owner or admin of the business (checked by the edge that
// builds this context: the portal's activation:write permission, or the hosted page's business admin), acting
// on that one business. The services read `actor` for the audit entry and the uploader, `scope` for the business.
import type { BusinessScope, MemberActor, ServiceContext } from "../core/context.ts";

export type ActivationContext = ServiceContext<BusinessScope, MemberActor>;

/** The business an activation service acts on: its row, read on `ctx.db` (the caller's transaction when it has one). */
export const activationBusiness = (ctx: ActivationContext) =>
  ctx.db.business.findUniqueOrThrow({
    where: { id: ctx.scope.businessId },
    select: { id: true, name: true, environment: true, kybStatus: true, kybApplication: true, kybSubmittedAt: true, kybDecidedAt: true, kybNote: true },
  });

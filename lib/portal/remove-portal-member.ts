// "Remove" on /portal/{businessId}/members (members:write): deletes a member's row (an invitation not yet
// taken, or a joined member). Nobody removes themselves (403 OWN_MEMBERSHIP_LOCKED); only an owner removes
// an owner (403 PORTAL_ROLE_REQUIRED); the last owner stays (409 LAST_OWNER).
import { recordAudit } from "../audit/record-audit.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import {
  countOwners,
  findBusinessMember,
  LAST_OWNER_MESSAGE,
  lockBusinessMembers,
  refuseOwnerChangeByNonOwner,
  refuseOwnMembership,
} from "./business-member-rules.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

export const removePortalMember = async (ctx: PortalContext, input: { businessId: string; memberId: string }) => {
  const actor = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "members:write" });
  return inTransaction(ctx.db, async (tx) => {
    await lockBusinessMembers(tx, input.businessId);
    const row = await findBusinessMember(tx, input);
    refuseOwnMembership(row, actor, ctx.player!, "remove");
    refuseOwnerChangeByNonOwner(actor, row.owner);
    if (row.owner && (await countOwners(tx, input.businessId)) <= 1) throw new AppError("LAST_OWNER", LAST_OWNER_MESSAGE);
    await tx.businessMember.delete({ where: { id: row.id } });
    await recordAudit(
      { db: tx },
      {
        businessId: input.businessId,
        environment: actor.business.environment,
        actor: { type: "member", email: actor.email },
        action: "member.removed",
        objectType: "business_member",
        objectId: row.id,
        details: { email: row.email, roles: row.portalRoles },
      },
    );
    return { memberId: row.id, email: row.email };
  });
};

// "Remove" on /portal/{businessId}/members (members:write): deletes a member's row (an invitation not yet
// taken, or a joined member). Nobody removes themselves (403 OWN_MEMBERSHIP_LOCKED); only an owner removes
// an owner (403 PORTAL_ROLE_REQUIRED); the last owner stays (409 LAST_OWNER).
import { AppError } from "../core/errors.ts";
import {
  countOwners,
  findBusinessMember,
  LAST_OWNER_MESSAGE,
  lockBusinessMembers,
  refuseOwnerChangeByNonOwner,
  refuseOwnMembership,
} from "./business-member-rules.ts";
import { portalCommand } from "./portal-command.ts";
import type { PortalMember } from "./require-portal-access.ts";

export const removePortalMember = portalCommand({
  permission: "members:write",
  run: async (ctx, { params, member: actor }: { params: { businessId: string; memberId: string }; member: PortalMember }) => {
    await lockBusinessMembers(ctx, params);
    const row = await findBusinessMember(ctx, params);
    refuseOwnMembership(row, actor, ctx.player!, "remove");
    refuseOwnerChangeByNonOwner(actor, row.owner);
    if (row.owner && (await countOwners(ctx, params)) <= 1) throw new AppError("LAST_OWNER", LAST_OWNER_MESSAGE);
    await ctx.db.businessMember.delete({ where: { id: row.id } });
    return { memberId: row.id, email: row.email, roles: row.portalRoles };
  },
  audit: ({ memberId, email, roles }, { member: actor }) => ({
    environment: actor.business.environment,
    action: "member.removed",
    objectType: "business_member",
    objectId: memberId,
    details: { email, roles },
  }),
  after: (_, { memberId, email }) => ({ memberId, email }),
});

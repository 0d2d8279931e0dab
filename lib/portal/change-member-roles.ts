// "Change roles" on /portal/{businessId}/members (members:write): sets a member's roles (PORTAL_ROLES only,
// at least one). Nobody changes their own roles (403 OWN_MEMBERSHIP_LOCKED); only an owner grants or takes
// the owner role or changes an owner (403 PORTAL_ROLE_REQUIRED); the last owner keeps it (409 LAST_OWNER).
import { z } from "zod";
import { AppError } from "../core/errors.ts";
import {
  countOwners,
  findBusinessMember,
  LAST_OWNER_MESSAGE,
  lockBusinessMembers,
  memberColumns,
  MemberRoles,
  refuseOwnerChangeByNonOwner,
  refuseOwnMembership,
} from "./business-member-rules.ts";
import { portalCommand } from "./portal-command.ts";

export const changeMemberRoles = portalCommand({
  permission: "members:write",
  input: z.object({ roles: MemberRoles }),
  form: ({ roles }: { businessId: string; memberId: string; roles: string[] }) => ({ roles }),
  run: async (ctx, { params, input: { roles }, member: actor }) => {
    await lockBusinessMembers(ctx, params);
    const row = await findBusinessMember(ctx, params);
    refuseOwnMembership(row, actor, ctx.player!, "change the roles of");
    const makesOwner = roles.includes("owner");
    refuseOwnerChangeByNonOwner(actor, row.owner || makesOwner);
    if (row.owner && !makesOwner && (await countOwners(ctx, params)) <= 1) throw new AppError("LAST_OWNER", LAST_OWNER_MESSAGE);
    const updated = await ctx.db.businessMember.update({ where: { id: row.id }, data: memberColumns(roles) });
    return { memberId: updated.id, email: updated.email, roles, from: row.portalRoles };
  },
  audit: ({ memberId, email, roles, from }, { member: actor }) => ({
    environment: actor.business.environment,
    action: "member.roles_changed",
    objectType: "business_member",
    objectId: memberId,
    details: { email, from, to: roles },
  }),
  after: (_, { memberId, email, roles }) => ({ memberId, email, roles }),
});

// "Change roles" on /portal/{businessId}/members (members:write): sets a member's roles (PORTAL_ROLES only,
// at least one). Nobody changes their own roles (403 OWN_MEMBERSHIP_LOCKED); only an owner grants or takes
// the owner role or changes an owner (403 PORTAL_ROLE_REQUIRED); the last owner keeps it (409 LAST_OWNER).
import { z } from "zod";
import { recordAudit } from "../audit/record-audit.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
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
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

const Roles = z.object({ roles: MemberRoles });

export const changeMemberRoles = async (ctx: PortalContext, input: { businessId: string; memberId: string; roles: string[] }) => {
  const actor = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "members:write" });
  const { roles } = parseOrThrow(Roles, { roles: input.roles }, "body");
  return inTransaction(ctx.db, async (tx) => {
    await lockBusinessMembers(tx, input.businessId);
    const row = await findBusinessMember(tx, input);
    refuseOwnMembership(row, actor, ctx.player!, "change the roles of");
    const makesOwner = roles.includes("owner");
    refuseOwnerChangeByNonOwner(actor, row.owner || makesOwner);
    if (row.owner && !makesOwner && (await countOwners(tx, input.businessId)) <= 1) throw new AppError("LAST_OWNER", LAST_OWNER_MESSAGE);
    const updated = await tx.businessMember.update({ where: { id: row.id }, data: memberColumns(roles) });
    await recordAudit(
      { db: tx },
      {
        businessId: input.businessId,
        environment: actor.business.environment,
        actor: { type: "member", email: actor.email },
        action: "member.roles_changed",
        objectType: "business_member",
        objectId: row.id,
        details: { email: row.email, from: row.portalRoles, to: roles },
      },
    );
    return { memberId: updated.id, email: updated.email, roles };
  });
};

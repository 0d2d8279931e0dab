// /portal/{businessId}/members (members:read): the business's members with their roles, whether each has
// joined (a player is attached, or a verified player has the email) or is an invitation still pending, and
// which row is the signed-in member's own.
import { normalizeEmail } from "../core/email.ts";
import { rolesOf, type PortalRole } from "./permissions.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

export type PortalMemberRow = { memberId: string; email: string; roles: PortalRole[]; owner: boolean; joined: boolean; isYou: boolean; createdAt: Date };

export const loadPortalMembers = async (ctx: PortalContext, { businessId }: { businessId: string }) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "members:read" });
  const rows = await ctx.db.businessMember.findMany({ where: { businessId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const verified = new Set(
    (
      await ctx.db.player.findMany({
        where: { email: { in: rows.filter((r) => !r.playerId).map((r) => r.email) }, emailVerifiedAt: { not: null } },
        select: { email: true },
      })
    ).map((p) => normalizeEmail(p.email)),
  );
  const you = normalizeEmail(member.email);
  const members: PortalMemberRow[] = rows.map((r) => {
    const roles = rolesOf(r);
    return {
      memberId: r.id,
      email: r.email,
      roles,
      owner: roles.includes("owner"),
      joined: r.playerId !== null || verified.has(r.email),
      isYou: r.email === you || r.playerId === ctx.player!.playerId,
      createdAt: r.createdAt,
    };
  });
  return { member, members };
};

// The server-side check of every portal page and action: the signed-in player (verified email) is a member
// of the business and one of its roles grants the permission. Nobody signed in: 401 ADMIN_SIGN_IN_REQUIRED;
// not a member (or an unusable id): 404 BUSINESS_NOT_FOUND, so a stranger learns nothing, not even that the
// business exists; a member whose roles lack the permission: 403 PORTAL_ROLE_REQUIRED.
import type { DbContext } from "../core/context.ts";
import { normalizeEmail } from "../core/email.ts";
import { AppError } from "../core/errors.ts";
import { isUsableId, type AdminPlayer } from "../platform/business-admin.ts";
import { can, permissionsOf, rolesOf, type PortalPermission, type PortalRole } from "./permissions.ts";

/**
 * The context of a portal page or action: the database and the signed-in player (null: nobody). `memberships`: the
 * player's memberships read once for the whole page (pageContext), however many of its loaders check access.
 */
export type PortalContext = DbContext & { player: AdminPlayer | null; memberships?: () => Promise<PortalMember[]> };

export type PortalMember = {
  business: { id: string; name: string; environment: "test" | "live" };
  playerId: string;
  email: string;
  roles: PortalRole[];
  permissions: PortalPermission[];
};

/** The memberships of the player's verified email (or naming the player), with their roles; none before verification. */
export const listMemberships = async ({ db }: DbContext, player: AdminPlayer) => {
  const p = await db.player.findUnique({ where: { id: player.playerId }, select: { email: true, emailVerifiedAt: true } });
  if (!p?.emailVerifiedAt) return [];
  const rows = await db.businessMember.findMany({
    where: { OR: [{ email: normalizeEmail(p.email) }, { playerId: player.playerId }] },
    select: { businessId: true, roles: true, isOwner: true, business: { select: { id: true, name: true, environment: true } } },
    orderBy: { createdAt: "asc" },
  });
  // one row per business (an email row and a player row may both exist): roles merged
  const byBusiness = new Map<string, PortalMember>();
  for (const r of rows) {
    const prev = byBusiness.get(r.businessId);
    // prev.roles already holds "owner" when an earlier row was the owner's
    const roles = rolesOf({ roles: [...(prev?.roles ?? []), ...r.roles], isOwner: r.isOwner });
    byBusiness.set(r.businessId, { business: r.business, playerId: player.playerId, email: p.email, roles, permissions: permissionsOf(roles) });
  }
  return [...byBusiness.values()].filter((m) => m.roles.length > 0);
};

export const requirePortalAccess = async (ctx: PortalContext, { businessId, permission }: { businessId: string; permission: PortalPermission }) => {
  if (!ctx.player) throw new AppError("ADMIN_SIGN_IN_REQUIRED", "Sign in with the email that is a member of this business.");
  const member = isUsableId(businessId)
    ? (await (ctx.memberships?.() ?? listMemberships(ctx, ctx.player))).find((m) => m.business.id === businessId)
    : undefined;
  if (!member) throw new AppError("BUSINESS_NOT_FOUND", "This business was not found.");
  if (!can(member.permissions, permission))
    throw new AppError("PORTAL_ROLE_REQUIRED", `Your role (${member.roles.join(", ")}) does not allow this. Ask an owner or admin of the business.`);
  return member;
};

/**
 * The context of one page load: its loaders only read, so the player's memberships are read once and every access
 * check of the page answers from them (the Overview checked three times: six statements). Not for actions: an action
 * may change a membership and check again.
 */
export const pageContext = (db: DbContext["db"], player: AdminPlayer): PortalContext => {
  let read: Promise<PortalMember[]> | undefined;
  const ctx: PortalContext = { db, player, memberships: () => (read ??= listMemberships(ctx, player)) };
  return ctx;
};

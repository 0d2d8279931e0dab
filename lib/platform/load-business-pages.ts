// Loaders of the hosted business pages (app/business/**): what each page shows, for the signed-in player.
// Nothing here writes; a business the player does not administer is null (the page is a 404).
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { now } from "../core/clock.ts";
import { adminBusinessIds, isUsableId, type AdminPlayer } from "./business-admin.ts";
import { groupScopes, type ScopeGroup } from "./scope-areas.ts";
import { inviteStatus } from "./serialize-invite.ts";
import { linkSessionStatus } from "./serialize-link-session.ts";
import { metadataLocale } from "../i18n/locales.ts";

type PlatformSummary = { id: string; name: string; description: string };
const platformSelect = { id: true, name: true, description: true } as const;

export type AdminBusiness = { id: string; name: string; environment: Environment };

/** The businesses the player administers, by name. */
export const listAdminBusinesses = async (ctx: DbContext, player: AdminPlayer): Promise<AdminBusiness[]> => {
  const ids = await adminBusinessIds(ctx, player);
  if (ids.length === 0) return [];
  return ctx.db.business.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true, environment: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
};

export type ConnectPage = {
  sessionKey: string;
  status: "pending" | "approved" | "declined" | "expired";
  environment: Environment;
  platform: PlatformSummary;
  groups: ScopeGroup[];
  expiresAt: Date;
  /** the business that decided, when the viewer administers it (otherwise not shown) */
  decidedBusiness: { id: string; name: string } | null;
  /** the viewer's businesses of the session's environment; `connected`: it already granted this platform access */
  businesses: (AdminBusiness & { connected: boolean })[];
  /** the language the platform set in the session's metadata.locale, else null: the reader's browser decides */
  locale: string | null;
};

/** /business/connect/{sessionKey}: the platform, the scopes it asks for, and where the viewer can answer. Null: no such session. */
export const loadConnectPage = async (
  ctx: DbContext,
  { sessionKey, player }: { sessionKey: string; player: AdminPlayer | null },
): Promise<ConnectPage | null> => {
  if (!isUsableId(sessionKey)) return null;
  const session = await ctx.db.platformLinkSession.findUnique({ where: { sessionKey } });
  if (!session) return null;
  const platform = await ctx.db.platform.findUniqueOrThrow({ where: { id: session.platformId }, select: platformSelect });
  const mine = player ? (await listAdminBusinesses(ctx, player)).filter((b) => b.environment === session.environment) : [];
  const active = await ctx.db.businessGrant.findMany({
    where: { platformId: platform.id, businessId: { in: mine.map((b) => b.id) }, status: "active" },
    select: { businessId: true },
  });
  const decided = session.businessId ? (mine.find((b) => b.id === session.businessId) ?? null) : null;
  return {
    sessionKey,
    status: linkSessionStatus(session, now()),
    environment: session.environment,
    platform,
    groups: groupScopes(session.scopes),
    expiresAt: session.expiresAt,
    decidedBusiness: decided ? { id: decided.id, name: decided.name } : null,
    businesses: mine.map((b) => ({ ...b, connected: active.some((g) => g.businessId === b.id) })),
    locale: metadataLocale(session.metadata),
  };
};

export type InvitePage = {
  inviteId: string;
  status: ReturnType<typeof inviteStatus>;
  business: AdminBusiness;
  platform: PlatformSummary;
  groups: ScopeGroup[];
  expiresAt: Date;
};

/** /business/invites/{inviteId}: only for an admin of the invited business (null for anyone else, and for an unknown id). */
export const loadInvitePage = async (ctx: DbContext, { inviteId, player }: { inviteId: string; player: AdminPlayer }): Promise<InvitePage | null> => {
  if (!isUsableId(inviteId)) return null;
  const invite = await ctx.db.platformInvite.findUnique({ where: { id: inviteId } });
  if (!invite) return null;
  const business = (await listAdminBusinesses(ctx, player)).find((b) => b.id === invite.businessId);
  if (!business) return null;
  const platform = await ctx.db.platform.findUniqueOrThrow({ where: { id: invite.platformId }, select: platformSelect });
  return { inviteId, status: inviteStatus(invite, now()), business, platform, groups: groupScopes(invite.requestedScopes), expiresAt: invite.expiresAt };
};

export type ConnectedPlatformsPage = {
  business: AdminBusiness;
  /** after a revoke: the platform whose grant `revokedGrantId` was (only a revoked grant of this business) */
  revokedPlatform: string | null;
  grants: { grantId: string; platform: PlatformSummary; groups: ScopeGroup[]; grantedAt: Date; lastUsedAt: Date | null }[];
  invites: { inviteId: string; platform: PlatformSummary; groups: ScopeGroup[]; expiresAt: Date }[];
};

/** /business/{businessId}/platforms: the active grants of the business, and the invites waiting for an answer. Null for a non-admin. */
export const loadConnectedPlatforms = async (
  ctx: DbContext,
  { businessId, player, revokedGrantId }: { businessId: string; player: AdminPlayer; revokedGrantId?: string | null },
): Promise<ConnectedPlatformsPage | null> => {
  const business = (await listAdminBusinesses(ctx, player)).find((b) => b.id === businessId);
  if (!business) return null;
  const at = now();
  const [grants, invites] = await Promise.all([
    ctx.db.businessGrant.findMany({
      where: { businessId, status: "active" },
      include: { platform: { select: platformSelect } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    }),
    ctx.db.platformInvite.findMany({ where: { businessId, status: "pending", expiresAt: { gt: at } }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
  ]);
  const platforms = await ctx.db.platform.findMany({ where: { id: { in: invites.map((i) => i.platformId) } }, select: platformSelect });
  const revoked =
    revokedGrantId && isUsableId(revokedGrantId)
      ? await ctx.db.businessGrant.findFirst({ where: { id: revokedGrantId, businessId, status: "revoked" }, select: { platform: { select: { name: true } } } })
      : null;
  return {
    business,
    revokedPlatform: revoked?.platform.name ?? null,
    grants: grants.map((g) => ({
      grantId: g.id,
      platform: g.platform,
      groups: groupScopes(g.grantedScopes),
      grantedAt: g.createdAt,
      lastUsedAt: g.lastUsedAt,
    })),
    invites: invites.map((i) => ({
      inviteId: i.id,
      platform: platforms.find((p) => p.id === i.platformId)!,
      groups: groupScopes(i.requestedScopes),
      expiresAt: i.expiresAt,
    })),
  };
};

export type BusinessHomePage = { business: AdminBusiness; connectedPlatforms: number; pendingInvites: number };

/** /business/{businessId}: the business's home for its admin (the `links.home` a platform gets); null for anyone else. */
export const loadBusinessHome = async (
  ctx: DbContext,
  { businessId, player }: { businessId: string; player: AdminPlayer },
): Promise<BusinessHomePage | null> => {
  const business = (await listAdminBusinesses(ctx, player)).find((b) => b.id === businessId);
  if (!business) return null;
  const [connectedPlatforms, pendingInvites] = await Promise.all([
    ctx.db.businessGrant.count({ where: { businessId, status: "active" } }),
    ctx.db.platformInvite.count({ where: { businessId, status: "pending", expiresAt: { gt: now() } } }),
  ]);
  return { business, connectedPlatforms, pendingInvites };
};

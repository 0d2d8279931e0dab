// The test helpers page (/portal/{businessId}/helpers, test mode only): the business's test games (to fund
// a wallet of), and what is waiting for a person right now: pending link sessions of its games, campaigns
// and itself, and pending checkout grants of its games, each with its one-click helper.
import { grantCheckoutUrl } from "../checkout/sign-url.ts";
import type { Environment } from "../core/environment.ts";
import { requireTestObject } from "./helper-test-mode.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

export const loadPortalHelpers = async (ctx: PortalContext, { businessId, environment }: { businessId: string; environment: Environment }) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "testhelpers:use" });
  requireTestObject(environment);
  const now = new Date();
  const [games, campaigns] = await Promise.all([
    ctx.db.game.findMany({ where: { businessId, environment: "test" }, select: { id: true, name: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    ctx.db.campaign.findMany({ where: { businessId, environment: "test", status: { not: "deleted" } }, select: { id: true, name: true } }),
  ]);
  const names = new Map<string, string>([
    ...games.map((g) => [g.id, g.name] as const),
    ...campaigns.map((c) => [c.id, c.name] as const),
    [businessId, member.business.name],
  ]);
  const [sessions, grants] = await Promise.all([
    ctx.db.linkSession.findMany({
      where: {
        environment: "test",
        state: "pending",
        expiresAt: { gt: now },
        OR: [
          { namespaceType: "game", namespaceId: { in: games.map((g) => g.id) } },
          { namespaceType: "campaign", namespaceId: { in: campaigns.map((c) => c.id) } },
          { namespaceType: "business", namespaceId: businessId },
        ],
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 20,
    }),
    ctx.db.checkoutGrant.findMany({
      where: { environment: "test", status: "pending", expiresAt: { gt: now }, gameId: { in: games.map((g) => g.id) } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 20,
    }),
  ]);
  const items = grants.length
    ? await ctx.db.product.findMany({ where: { id: { in: [...new Set(grants.map((g) => g.productId))] } }, select: { id: true, name: true } })
    : [];
  const itemName = new Map(items.map((i) => [i.id, i.name]));
  return {
    member,
    games,
    sessions: sessions.map((s) => ({
      sessionKey: s.sessionKey,
      namespace: `${s.namespaceType} ${names.get(s.namespaceId) ?? s.namespaceId}`,
      prefilledEmail: s.prefilledEmail,
      createdAt: s.createdAt,
      expiresAt: s.expiresAt,
    })),
    grants: grants.map((g) => ({
      grantId: g.id,
      url: grantCheckoutUrl(g.id),
      game: names.get(g.gameId) ?? g.gameId,
      item: itemName.get(g.productId) ?? g.productId,
      email: g.email,
      createdAt: g.createdAt,
    })),
  };
};

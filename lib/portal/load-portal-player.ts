import { notFound } from "../core/errors.ts";
import { isUsableId } from "../platform/business-admin.ts";
import type { PurchaseJson } from "../purchases/serialize-purchase.ts";
import type { SubscriptionJson } from "../subscriptions/serialize-subscription.ts";
import { listUserSubscriptions } from "../subscriptions/list-user-subscriptions.ts";
import { listUserPurchases } from "../users/list-user-purchases.ts";
import { getBalance } from "../vc/get-balance.ts";
import { actAsGame } from "./ledger-games.ts";
import { playerNamespacesOf, type PlayerNamespace } from "./player-namespaces.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

const PURCHASES = 50;

export type PortalPlayerLink = {
  userRef: string;
  namespace: PlayerNamespace;
  status: string;
  linkedAt: Date;
  approvedAt: Date | null;
  approvalScopes: string[];
  /** a game link that is active: what GET /v1/users/{userRef}/purchases, /subscriptions and /v1/vc/balances answer */
  game: {
    /** a purchase as the API shows it, and its card dispute at Stripe (open, won, lost; null: never disputed) */
    purchases: (Omit<PurchaseJson, "deliveredKey"> & { disputeStatus: string | null })[];
    subscriptions: (SubscriptionJson & { itemName: string })[];
    balances: { currency: { id: string; code: string; name: string }; balanceUnits: string }[];
  } | null;
};

/**
 * A player's page: found by any of their userRefs in the business (its games, campaigns or itself; another
 * business's player is 404 USER_REF_NOT_FOUND), with every link they have in the business in that
 * environment; for each active game link, the purchases (newest 50; a delivered product key is not shown; each with
 * its Stripe dispute's status),
 * subscriptions and balances through the same services as the /v1 user and VC routes.
 */
export const loadPortalPlayer = async (ctx: PortalContext, input: { businessId: string; userRef: string }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "players:read" });
  const found = isUsableId(input.userRef) ? await ctx.db.playerLink.findUnique({ where: { userRef: input.userRef } }) : null;
  const ns = found ? await playerNamespacesOf(ctx, { businessId: input.businessId, environment: found.environment }) : null;
  if (!found || !ns?.find(found.namespaceType, found.namespaceId)) throw notFound(`User ${JSON.stringify(input.userRef)}`, "USER_REF_NOT_FOUND");
  const player = await ctx.db.player.findUniqueOrThrow({ where: { id: found.playerId }, select: { email: true, name: true } });
  const rows = await ctx.db.playerLink.findMany({
    where: { AND: [ns.where, { playerId: found.playerId, environment: found.environment }] },
    orderBy: [{ linkedAt: "asc" }, { id: "asc" }],
  });
  const links = await Promise.all(
    rows.map(async (l): Promise<PortalPlayerLink> => {
      const namespace = ns.find(l.namespaceType, l.namespaceId)!;
      const base = { userRef: l.userRef, namespace, status: l.status, linkedAt: l.linkedAt, approvedAt: l.approvedAt, approvalScopes: l.approvalScopes };
      if (namespace.type !== "game" || l.status !== "active") return { ...base, game: null };
      const gctx = actAsGame(ctx, { id: namespace.id, businessId: input.businessId, environment: l.environment }, member);
      const [purchases, subscriptions, currencies] = await Promise.all([
        listUserPurchases(gctx, { userRef: l.userRef, limit: PURCHASES, offset: 0 }),
        listUserSubscriptions(gctx, { userRef: l.userRef }),
        ctx.db.virtualCurrency.findMany({ where: { gameId: namespace.id, environment: l.environment }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
      ]);
      const items = await ctx.db.product.findMany({ where: { id: { in: subscriptions.map((s) => s.itemId) } }, select: { id: true, name: true } });
      const disputes = await ctx.db.purchase.findMany({
        where: { id: { in: purchases.map((p) => p._id) }, disputeStatus: { not: null } },
        select: { id: true, disputeStatus: true },
      });
      const balances = await Promise.all(
        currencies.map(async (c) => ({
          currency: { id: c.id, code: c.code, name: c.name },
          balanceUnits: (await getBalance(gctx, { currencyId: c.id, userRef: l.userRef })).balanceUnits,
        })),
      );
      return {
        ...base,
        game: {
          purchases: purchases.map(({ deliveredKey: _, ...p }) => ({ ...p, disputeStatus: disputes.find((d) => d.id === p._id)?.disputeStatus ?? null })),
          subscriptions: subscriptions.map((s) => ({ ...s, itemName: items.find((i) => i.id === s.itemId)?.name ?? "" })),
          balances,
        },
      };
    }),
  );
  return { member, player: { email: player.email, name: player.name, environment: found.environment }, links };
};

// The namespaces a business's players are linked in (its games and campaigns of one environment, and the
// business itself), by type and id, with their names: what the players pages search and show.
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";

export type PlayerNamespace = { type: "game" | "campaign" | "business"; id: string; name: string };

export const playerNamespacesOf = async ({ db }: DbContext, { businessId, environment }: { businessId: string; environment: Environment }) => {
  const [games, campaigns, business] = await Promise.all([
    db.game.findMany({ where: { businessId, environment }, select: { id: true, name: true } }),
    db.campaign.findMany({ where: { businessId, environment }, select: { id: true, name: true } }),
    db.business.findUnique({ where: { id: businessId }, select: { id: true, name: true } }),
  ]);
  const all: PlayerNamespace[] = [
    ...games.map((g) => ({ type: "game" as const, ...g })),
    ...campaigns.map((c) => ({ type: "campaign" as const, ...c })),
    ...(business ? [{ type: "business" as const, ...business }] : []),
  ];
  return {
    all,
    find: (type: string, id: string) => all.find((n) => n.type === type && n.id === id),
    /** a Prisma filter: links in one of these namespaces */
    where: {
      OR: (["game", "campaign", "business"] as const).map((t) => ({ namespaceType: t, namespaceId: { in: all.filter((n) => n.type === t).map((n) => n.id) } })),
    },
  };
};

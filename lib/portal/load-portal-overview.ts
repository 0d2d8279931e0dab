import type { Environment } from "../core/environment.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

/** The Overview page: the business, how many games it has per environment, and the games of `environment`. */
export const loadPortalOverview = async (ctx: PortalContext, { businessId, environment }: { businessId: string; environment: Environment }) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "overview:read" });
  const rows = await ctx.db.game.findMany({
    where: { businessId },
    select: { id: true, name: true, environment: true, isVisible: true, createdAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return {
    member,
    counts: { test: rows.filter((g) => g.environment === "test").length, live: rows.filter((g) => g.environment === "live").length },
    games: rows.filter((g) => g.environment === environment),
  };
};

import type { Environment } from "../core/environment.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

/** The Games page: the business's games of `environment`, newest first. */
export const loadPortalGames = async (ctx: PortalContext, { businessId, environment }: { businessId: string; environment: Environment }) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "games:read" });
  const games = await ctx.db.game.findMany({
    where: { businessId, environment },
    select: { id: true, name: true, description: true, environment: true, isVisible: true, createdAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return { member, games };
};

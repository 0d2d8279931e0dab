import type { Environment } from "../core/environment.ts";
import { loadPortalChecklist } from "./load-portal-checklist.ts";
import { loadPortalDashboard } from "./load-portal-dashboard.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

/** The Overview's window: the last 30 UTC days. */
export const OVERVIEW_DAYS = 30;

/**
 * The Overview page: the business, how many games it has per environment, the games of `environment`, and
 * the dashboard of `environment` over the last 30 days, and the first-hour checklist (ticked from data).
 */
export const loadPortalOverview = async (ctx: PortalContext, { businessId, environment }: { businessId: string; environment: Environment }) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "overview:read" });
  const rows = await ctx.db.game.findMany({
    where: { businessId },
    select: { id: true, name: true, environment: true, isVisible: true, createdAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const [dashboard, checklist] = await Promise.all([
    loadPortalDashboard(ctx, { businessId, environment, days: OVERVIEW_DAYS }),
    loadPortalChecklist(ctx, { businessId }),
  ]);
  return {
    member,
    counts: { test: rows.filter((g) => g.environment === "test").length, live: rows.filter((g) => g.environment === "live").length },
    games: rows.filter((g) => g.environment === environment),
    dashboard,
    checklist,
  };
};

import type { PlatformAdminContext } from "../core/context.ts";
import { serializeGrant } from "./serialize-grant.ts";

/** GET /v1/platform/grants: the platform's grants from businesses of the key's environment, newest first (revoked ones too). */
export const listGrants = async (ctx: PlatformAdminContext, _input: Record<string, never> = {}) => {
  const rows = await ctx.db.businessGrant.findMany({
    where: { platformId: ctx.scope.platformId, business: { environment: ctx.scope.environment } },
    include: { business: { select: { name: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return { grants: rows.map((g) => serializeGrant(g, g.business.name)), total: rows.length };
};

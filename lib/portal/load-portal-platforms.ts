// /portal/{businessId}/platforms: the partner platforms the business registered (Platform.ownerBusinessId),
// newest first, each with its key and connected-business counts. Members with platforms:read.
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

export const loadPortalPlatforms = async (ctx: PortalContext, { businessId }: { businessId: string }) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "platforms:read" });
  const rows = await ctx.db.platform.findMany({
    where: { ownerBusinessId: businessId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, description: true, status: true, createdAt: true, pendingScopes: true },
  });
  const ids = rows.map((p) => p.id);
  const keys = await ctx.db.apiKey.groupBy({
    by: ["platformId"],
    where: { kind: "platform", platformId: { in: ids }, status: { not: "revoked" }, revokedAt: null },
    _count: true,
  });
  const grants = await ctx.db.businessGrant.groupBy({ by: ["platformId"], where: { platformId: { in: ids }, status: "active" }, _count: true });
  const count = (list: { platformId: string | null; _count: number }[], id: string) => list.find((x) => x.platformId === id)?._count ?? 0;
  return {
    member,
    platforms: rows.map((p) => ({ ...p, keys: count(keys, p.id), connected: count(grants, p.id) })),
  };
};

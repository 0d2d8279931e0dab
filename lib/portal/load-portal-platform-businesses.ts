// /portal/{businessId}/platforms/{platformId}/businesses: the businesses connected to a platform the business
// registered, in the selected environment: each grant as the API lists it (scopes, status, how it was granted,
// last use) and the business's activation status (its verification, Business.kybStatus). Members with
// platforms:read; another business's platform is a 404.
import type { Environment } from "../core/environment.ts";
import { verificationStatusOf } from "../businesses/verification-statuses.ts";
import { listGrants } from "../platform/list-grants.ts";
import { findBusinessPlatform } from "./find-business-platform.ts";
import { asPlatform } from "./helper-contexts.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

export const loadPortalPlatformBusinesses = async (
  ctx: PortalContext,
  { businessId, platformId, environment }: { businessId: string; platformId: string; environment: Environment },
) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "platforms:read" });
  const platform = await findBusinessPlatform(ctx, { businessId, platformId });
  const { grants } = await listGrants(asPlatform(ctx, platform, environment, member));
  const businesses = await ctx.db.business.findMany({
    where: { id: { in: [...new Set(grants.map((g) => g.businessId))] } },
    select: { id: true, kybStatus: true },
  });
  const statusOf = new Map(businesses.map((b) => [b.id, verificationStatusOf(b.kybStatus)]));
  return {
    member,
    platform,
    grants: grants.map((g) => ({ ...g, activation: statusOf.get(g.businessId) ?? "not_started" })),
  };
};

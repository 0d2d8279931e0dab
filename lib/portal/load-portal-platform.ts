// /portal/{businessId}/platforms/{platformId}: one platform the business registered: its scopes (approved in
// both modes, approved for test keys, waiting for an operator), its scope requests with their status and the
// operator's note, and its keys of the selected environment (as the API lists them: prefix, label, scopes,
// status, last use; never a raw key). Members with platforms:read; another business's platform is a 404.
import type { Environment } from "../core/environment.ts";
import { listKeys } from "../platform/list-keys.ts";
import { ALL_SCOPES, approvedScopesFor, isManagementScope } from "../platform/scopes.ts";
import { findBusinessPlatform } from "./find-business-platform.ts";
import { asPlatform } from "./helper-contexts.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

export const SCOPE_REQUESTS_SHOWN = 50;

export const loadPortalPlatform = async (
  ctx: PortalContext,
  { businessId, platformId, environment }: { businessId: string; platformId: string; environment: Environment },
) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "platforms:read" });
  const platform = await findBusinessPlatform(ctx, { businessId, platformId });
  const row = await ctx.db.platform.findUniqueOrThrow({
    where: { id: platform.id },
    select: { approvedScopes: true, testApprovedScopes: true, pendingScopes: true, webhookUrl: true },
  });
  const approvedHere = approvedScopesFor(environment, row);
  const pending = row.pendingScopes.filter((s) => !row.approvedScopes.includes(s));
  const requests = await ctx.db.platformScopeRequest.findMany({
    where: { platformId: platform.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: SCOPE_REQUESTS_SHOWN,
    select: { id: true, environment: true, scopes: true, status: true, decidedAt: true, decidedBy: true, note: true, createdAt: true },
  });
  const { keys } = await listKeys(asPlatform(ctx, platform, environment, member));
  return {
    member,
    platform,
    scopes: {
      /** approved by an operator (or management scopes): both modes */
      approved: row.approvedScopes,
      /** approved at once for test keys only */
      testApproved: row.testApprovedScopes.filter((s) => !row.approvedScopes.includes(s)),
      /** live requests waiting for an operator */
      pending,
      /** what a key of `environment` may be given here */
      grantable: ALL_SCOPES.filter((s) => approvedHere.includes(s)),
      /** what can still be requested in `environment` (live: not already waiting) */
      requestable: ALL_SCOPES.filter((s) => !isManagementScope(s) && !approvedHere.includes(s) && (environment === "test" || !pending.includes(s))),
    },
    requests,
    keys,
  };
};

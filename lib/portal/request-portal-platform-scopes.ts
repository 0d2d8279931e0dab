import { z } from "zod";
import { requestScopes } from "../platform/request-scopes.ts";
import { ScopeRequestBody } from "../platform/schemas.ts";
import { findBusinessPlatform, platformAudit } from "./find-business-platform.ts";
import { asPlatform } from "./helper-contexts.ts";
import { portalCommand } from "./portal-command.ts";
import { scopeListOf } from "./scope-list.ts";

/**
 * "Request scopes" for a platform of the business (platforms:write): the API's POST /v1/platform/me/scopes in
 * the chosen environment. Test: approved at once (for test keys only); live: pending until an operator decides.
 */
export const requestPortalPlatformScopes = portalCommand({
  permission: "platforms:write",
  load: (ctx, params: { businessId: string; platformId: string; environment: string; scopes: string | string[] }) => findBusinessPlatform(ctx, params),
  input: ScopeRequestBody.extend({ environment: z.enum(["test", "live"], { message: "must be test or live" }) }),
  form: ({ environment, scopes }) => ({ environment, scopes: scopeListOf(scopes) }),
  run: async (ctx, { input: { environment, scopes }, member, target: platform }) => ({
    environment,
    ...(await requestScopes(asPlatform(ctx, platform, environment, member), { scopes })),
  }),
  audit: (r, { target: platform }) =>
    platformAudit(platform, r.environment, {
      action: "platform_scopes.requested",
      objectType: "platform_scope_request",
      objectId: r.requestId,
      details: { scopes: r.requestedScopes, status: r.status },
    }),
});

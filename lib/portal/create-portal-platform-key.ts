import { z } from "zod";
import { createKey } from "../platform/create-key.ts";
import { CreateKeyBody } from "../platform/schemas.ts";
import { findBusinessPlatform, platformAudit } from "./find-business-platform.ts";
import { asPlatform } from "./helper-contexts.ts";
import { portalCommand } from "./portal-command.ts";
import { scopeListOf } from "./scope-list.ts";

/**
 * "Create key" on a platform of the business (platforms:write): a test or live platform key made by the API's
 * own service (POST /v1/platform/me/keys), with scopes out of what the platform is approved for in that
 * environment (403 SCOPE_NOT_APPROVED otherwise) and a label. The raw key is returned this once; the audit
 * entry names its prefix, never the key.
 */
export const createPortalPlatformKey = portalCommand({
  permission: "platforms:write",
  load: (ctx, params: { businessId: string; platformId: string; environment: string; label: string; scopes: string | string[] }) =>
    findBusinessPlatform(ctx, params),
  input: CreateKeyBody.extend({ environment: z.enum(["test", "live"], { message: "must be test or live" }) }),
  form: ({ environment, label, scopes }) => ({ environment, label, requestedScopes: scopeListOf(scopes) }),
  run: async (ctx, { input: { environment, ...body }, member, target: platform }) => {
    const made = await createKey(asPlatform(ctx, platform, environment, member), body);
    return { ...made.key, rawKey: made.rawKey };
  },
  audit: (k, { target: platform }) =>
    platformAudit(platform, k.environment, {
      action: "platform_key.created",
      objectType: "api_key",
      objectId: k.keyId,
      details: { prefix: k.prefix, label: k.label, scopes: k.requestedScopes },
    }),
});

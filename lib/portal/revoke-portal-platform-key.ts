import { z } from "zod";
import { deleteKey } from "../platform/delete-key.ts";
import { findBusinessPlatformKey, platformAudit } from "./find-business-platform.ts";
import { asPlatform } from "./helper-contexts.ts";
import { portalCommand } from "./portal-command.ts";

/**
 * "Revoke" a key of the business's platform (platforms:write), once the member confirmed it: the API's
 * DELETE /v1/platform/me/keys/{keyId}; its next request gets 401, for good.
 */
export const revokePortalPlatformKey = portalCommand({
  permission: "platforms:write",
  load: (ctx, params: { businessId: string; platformId: string; keyId: string; confirm: string }) => findBusinessPlatformKey(ctx, params),
  input: z.strictObject({ confirm: z.literal("revoke", { message: "tick the box to confirm the revocation" }) }),
  form: ({ confirm }) => ({ confirm }),
  run: (ctx, { member, target: { platform, key } }) => deleteKey(asPlatform(ctx, platform, key.environment, member), { keyId: key.id }),
  audit: (_, { target: { platform, key } }) =>
    platformAudit(platform, key.environment, {
      action: "platform_key.revoked",
      objectType: "api_key",
      objectId: key.id,
      details: { prefix: key.prefix, label: key.label },
    }),
});

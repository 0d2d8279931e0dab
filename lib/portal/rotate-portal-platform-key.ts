import { rotateKey } from "../platform/rotate-key.ts";
import { RotateKeyBody } from "../platform/schemas.ts";
import { findBusinessPlatformKey, platformAudit } from "./find-business-platform.ts";
import { asPlatform } from "./helper-contexts.ts";
import { portalCommand } from "./portal-command.ts";

/**
 * "Rotate" a key of the business's platform (platforms:write): the API's rotation (POST
 * /v1/platform/me/keys/{keyId}/rotate): a new key with the same scopes and label, the old one valid for the
 * grace period (1–30 days, default 7). The new raw key is returned this once.
 */
export const rotatePortalPlatformKey = portalCommand({
  permission: "platforms:write",
  load: (ctx, params: { businessId: string; platformId: string; keyId: string; gracePeriodDays?: string }) => findBusinessPlatformKey(ctx, params),
  input: RotateKeyBody,
  form: ({ gracePeriodDays }) => {
    const text = (gracePeriodDays ?? "").trim();
    return text === "" ? {} : { gracePeriodDays: /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text };
  },
  run: async (ctx, { input, member, target: { platform, key } }) => {
    const out = await rotateKey(asPlatform(ctx, platform, key.environment, member), { keyId: key.id, gracePeriodDays: input.gracePeriodDays });
    return { ...out.newKey, rawKey: out.rawKey, oldKeyId: out.oldKeyId, gracePeriodDays: out.gracePeriodDays };
  },
  audit: (k, { target: { platform, key } }) =>
    platformAudit(platform, key.environment, {
      action: "platform_key.rotated",
      objectType: "api_key",
      objectId: key.id,
      details: { prefix: key.prefix, newKeyId: k.keyId, newPrefix: k.prefix, gracePeriodDays: k.gracePeriodDays },
    }),
});

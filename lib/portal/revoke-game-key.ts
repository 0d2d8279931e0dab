import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { findBusinessKey } from "./find-business-key.ts";
import { portalCommand } from "./portal-command.ts";

/**
 * Revokes a server or campaign key of the business for good: its next request gets 401. Revoking a rotated key ends its
 * grace period now. An already revoked key is 409 API_KEY_REVOKED (conditional update: two clicks revoke once).
 */
export const revokeGameKey = portalCommand({
  permission: "keys:write",
  load: (ctx, params: { businessId: string; keyId: string }) => findBusinessKey(ctx, params),
  run: async (ctx, { target: key }) => {
    const at = now();
    const { count } = await ctx.db.apiKey.updateMany({
      where: { id: key.id, status: "active", revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: at } }] },
      data: { status: "revoked", revokedAt: at },
    });
    if (count !== 1) throw new AppError("API_KEY_REVOKED", "This API key is already revoked.");
    return { keyId: key.id, revokedAt: at };
  },
  audit: (_, { target: key }) => ({
    environment: key.environment,
    action: "api_key.revoked",
    objectType: "api_key",
    objectId: key.id,
    details: { prefix: key.prefix, label: key.label },
  }),
});

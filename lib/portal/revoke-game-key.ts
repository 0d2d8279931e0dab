import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { findGameKey } from "./find-game-key.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

/**
 * Revokes a server key of the business for good: its next request gets 401. Revoking a rotated key ends its
 * grace period now. An already revoked key is 409 API_KEY_REVOKED (conditional update: two clicks revoke once).
 */
export const revokeGameKey = async (ctx: PortalContext, input: { businessId: string; keyId: string }) => {
  await requirePortalAccess(ctx, { businessId: input.businessId, permission: "keys:write" });
  const key = await findGameKey(ctx, input);
  const at = now();
  const { count } = await ctx.db.apiKey.updateMany({
    where: { id: key.id, status: "active", revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: at } }] },
    data: { status: "revoked", revokedAt: at },
  });
  if (count !== 1) throw new AppError("API_KEY_REVOKED", "This API key is already revoked.");
  return { keyId: key.id, revokedAt: at };
};

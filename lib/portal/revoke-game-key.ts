import { recordAudit } from "../audit/record-audit.ts";
import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { findBusinessKey } from "./find-business-key.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

/**
 * Revokes a server or campaign key of the business for good: its next request gets 401. Revoking a rotated key ends its
 * grace period now. An already revoked key is 409 API_KEY_REVOKED (conditional update: two clicks revoke once).
 */
export const revokeGameKey = async (ctx: PortalContext, input: { businessId: string; keyId: string }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "keys:write" });
  const key = await findBusinessKey(ctx, input);
  const at = now();
  await inTransaction(ctx.db, async (tx) => {
    const { count } = await tx.apiKey.updateMany({
      where: { id: key.id, status: "active", revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: at } }] },
      data: { status: "revoked", revokedAt: at },
    });
    if (count !== 1) throw new AppError("API_KEY_REVOKED", "This API key is already revoked.");
    await recordAudit(
      { db: tx },
      {
        businessId: input.businessId,
        environment: key.environment,
        actor: { type: "member", email: member.email },
        action: "api_key.revoked",
        objectType: "api_key",
        objectId: key.id,
        details: { prefix: key.prefix, label: key.label },
      },
    );
  });
  return { keyId: key.id, revokedAt: at };
};

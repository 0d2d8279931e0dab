import type { TxContext } from "../db/transaction.ts";
import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";

/**
 * Revokes an active grant (by the platform or by the business) in the caller's transaction. Every
 * pending or accepted invite between the two is cleared, so the platform can send a new one with other
 * scopes. The platform's next call for the business gets 403 GRANT_REQUIRED.
 */
export const endGrant = async ({ db: tx }: TxContext, { grantId, by }: { grantId: string; by: "platform" | "business" }) => {
  await tx.$queryRaw`SELECT 1 FROM "BusinessGrant" WHERE "id" = ${grantId} FOR UPDATE`;
  const grant = await tx.businessGrant.findUniqueOrThrow({ where: { id: grantId } });
  if (grant.status !== "active") throw new AppError("GRANT_NOT_ACTIVE", `Grant ${grantId} is already revoked.`);
  const at = now();
  const revoked = await tx.businessGrant.update({ where: { id: grantId }, data: { status: "revoked", revokedAt: at, revokedBy: by } });
  await tx.platformInvite.updateMany({
    where: { platformId: grant.platformId, businessId: grant.businessId, status: { in: ["pending", "accepted"] } },
    data: { status: "cleared", updatedAt: at },
  });
  return revoked;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const END_GRANT_ERRORS = ["GRANT_NOT_ACTIVE"] as const satisfies readonly ErrorCode[];

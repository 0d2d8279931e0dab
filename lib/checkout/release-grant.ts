import type { DbClient } from "../db/transaction.ts";
import { canTransitionGrant, GRANT_TRANSITIONS, isGrantExpired } from "./grant-states.ts";

/**
 * A claimed grant whose payment did not complete (canceled or declined) goes back to pending, so the same
 * URL works again; past its 2 hours it becomes expired instead. Any other state is left alone.
 */
export const releaseGrant = async (tx: DbClient, grantId: string | null) => {
  if (!grantId) return;
  await tx.$queryRaw`SELECT 1 FROM "CheckoutGrant" WHERE id = ${grantId} FOR UPDATE`;
  const g = await tx.checkoutGrant.findUnique({ where: { id: grantId } });
  if (!g || !canTransitionGrant(g.status, "release")) return;
  const pending = { status: GRANT_TRANSITIONS.release.to, expiresAt: g.expiresAt };
  await tx.checkoutGrant.update({
    where: { id: g.id },
    data: isGrantExpired(pending) ? { status: GRANT_TRANSITIONS.expire.to, expiredAt: new Date() } : { status: GRANT_TRANSITIONS.release.to },
  });
};

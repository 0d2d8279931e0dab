import type { CheckoutGrant } from "../db/generated/client.ts";
import { inTransaction, type DbClient } from "../db/transaction.ts";
import { GRANT_TRANSITIONS } from "./grant-states.ts";
import { transitionGrant } from "./transition-grant.ts";

/** Moves one grant to expired (pending only; an already expired grant is returned unchanged). */
export const expireGrant = (db: DbClient, grantId: string): Promise<CheckoutGrant> =>
  inTransaction(db, async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "CheckoutGrant" WHERE id = ${grantId} FOR UPDATE`;
    const g = await tx.checkoutGrant.findUniqueOrThrow({ where: { id: grantId } });
    if (g.status === "expired") return g;
    return transitionGrant(tx, g.id, "expire", { expiredAt: new Date() });
  });

/** The sweep: every pending grant past its 2 hours becomes expired, in one statement. Returns how many. */
export const expireCheckoutGrants = async (db: DbClient, now = new Date()): Promise<number> => {
  const { count } = await db.checkoutGrant.updateMany({
    where: { status: { in: [...GRANT_TRANSITIONS.expire.from] }, expiresAt: { lte: now } },
    data: { status: GRANT_TRANSITIONS.expire.to, expiredAt: now },
  });
  return count;
};

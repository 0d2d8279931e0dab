import { canTransitionGrant, GRANT_TRANSITIONS, isGrantExpired } from "./grant-states.ts";
import type { DbContext } from "../core/context.ts";

/**
 * A claimed grant whose payment did not complete (canceled or declined) goes back to pending, so the same
 * URL works again; past its 2 hours it becomes expired instead. Any other state is left alone.
 */
export const releaseGrant = async (ctx: DbContext, { grantId }: { grantId: string | null }) => {
  if (!grantId) return;
  await ctx.db.$queryRaw`SELECT 1 FROM "CheckoutGrant" WHERE id = ${grantId} FOR UPDATE`;
  const g = await ctx.db.checkoutGrant.findUnique({ where: { id: grantId } });
  if (!g || !canTransitionGrant(g.status, "release")) return;
  const pending = { status: GRANT_TRANSITIONS.release.to, expiresAt: g.expiresAt };
  await ctx.db.checkoutGrant.update({
    where: { id: g.id },
    data: isGrantExpired(pending) ? { status: GRANT_TRANSITIONS.expire.to, expiredAt: new Date() } : { status: GRANT_TRANSITIONS.release.to },
  });
};

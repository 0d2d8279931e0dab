import type { CheckoutGrant } from "../db/generated/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { GRANT_TRANSITIONS } from "./grant-states.ts";
import { transitionGrant } from "./transition-grant.ts";
import type { DbContext } from "../core/context.ts";

/** Moves one grant to expired (pending only; an already expired grant is returned unchanged). */
export const expireGrant = (ctx: DbContext, { grantId }: { grantId: string }): Promise<CheckoutGrant> =>
  inTransaction(ctx.db, async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "CheckoutGrant" WHERE id = ${grantId} FOR UPDATE`;
    const g = await tx.checkoutGrant.findUniqueOrThrow({ where: { id: grantId } });
    if (g.status === "expired") return g;
    return transitionGrant({ ...ctx, db: tx }, { id: g.id, action: "expire", data: { expiredAt: new Date() } });
  });

/**
 * The sweep: every pending grant past its 2 hours becomes expired, in one statement. Returns how many. Real time
 * sweeps the grants on no test clock; an advance of a clock sweeps its own (`testClockId`, `only`: one grant).
 */
export const expireCheckoutGrants = async (
  ctx: DbContext,
  { now = new Date(), testClockId = null, only }: { now?: Date; testClockId?: string | null; only?: { id: string } } = {},
): Promise<number> => {
  const { count } = await ctx.db.checkoutGrant.updateMany({
    where: { status: { in: [...GRANT_TRANSITIONS.expire.from] }, expiresAt: { lte: now }, testClockId, ...(only ? { id: only.id } : {}) },
    data: { status: GRANT_TRANSITIONS.expire.to, expiredAt: now },
  });
  return count;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { TRANSITION_GRANT_ERRORS } from "./transition-grant.ts";
export const EXPIRE_GRANTS_ERRORS = [...TRANSITION_GRANT_ERRORS] as const satisfies readonly ErrorCode[];

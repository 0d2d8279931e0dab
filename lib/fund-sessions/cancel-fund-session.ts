import type { TargetContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { guardedTransition } from "../core/state-machine.ts";
import { inTransaction } from "../db/transaction.ts";
import { queueStripePaymentExpiry } from "../stripe/queue-session-expiry.ts";
import { findFundSession } from "./find-fund-session.ts";
import { effectiveStatus, FUND_SESSION_STATES } from "./fund-session-states.ts";
import { fundSessionNotPending } from "./fund-session-not-pending.ts";
import { resolveFundTarget, type FundSessionRef } from "./resolve-fund-target.ts";

/**
 * DELETE: cancels a pending, unexpired session (409 FUND_SESSION_NOT_PENDING otherwise); its page says so. A live
 * session's open Stripe Checkout Sessions are expired by a job queued with the cancel, so the payer cannot pay them.
 */
export const cancelFundSession = (ctx: TargetContext, ref: FundSessionRef) =>
  inTransaction(ctx.db, async (tx) => {
    const c = { ...ctx, db: tx };
    const target = await resolveFundTarget(c, ref);
    const s = await findFundSession(c, { target, handle: ref.handle, lock: true });
    const at = now();
    await guardedTransition(FUND_SESSION_STATES, "cancel", {
      write: (from, to) =>
        tx.fundSession.updateMany({ where: { id: s.id, status: { in: [...from] }, expiresAt: { gt: at } }, data: { status: to, cancelledAt: at } }),
      current: async () => {
        const row = await tx.fundSession.findUnique({ where: { id: s.id } });
        return row ? effectiveStatus(row, at) : null;
      },
      refuse: (state) => fundSessionNotPending(state, "cancelled"),
    });
    await queueStripePaymentExpiry(c, { kind: "fund_session", objectId: s.id });
    return { success: true as const };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_FUND_SESSION_ERRORS } from "./find-fund-session.ts";
import { FUND_SESSION_NOT_PENDING_ERRORS } from "./fund-session-not-pending.ts";
import { RESOLVE_FUND_TARGET_ERRORS } from "./resolve-fund-target.ts";
export const CANCEL_FUND_SESSION_ERRORS = [
  ...FIND_FUND_SESSION_ERRORS,
  ...FUND_SESSION_NOT_PENDING_ERRORS,
  ...RESOLVE_FUND_TARGET_ERRORS,
] as const satisfies readonly ErrorCode[];

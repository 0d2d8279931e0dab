// Stripe says a live fund session's Checkout Session was paid: the fund session completes through
// completeFundSession (one transaction: the state change, the ledger journal, Platform.FundSession.Completed)
// with the amount Stripe charged, at most once. A payment that arrives after the session was cancelled, expired or
// completed (or that the session cannot take) is refunded at Stripe and recorded; nothing is credited.
import type { DbContext } from "../core/context.ts";
import { MICROS_PER_CENT, formatUsdc } from "../core/usdc.ts";
import { settleStripePayment, type PaidStripeSession, type StripeSettlement } from "../stripe/settle-stripe-payment.ts";
import { completeFundSession } from "./complete-fund-session.ts";

export const settlePaidFundSession = async (ctx: DbContext, paid: Omit<PaidStripeSession, "kind" | "environment">): Promise<StripeSettlement | null> => {
  const s = await ctx.db.fundSession.findUnique({ where: { id: paid.objectId }, select: { sessionKey: true, environment: true } });
  if (!s) return null;
  return settleStripePayment(ctx, { ...paid, kind: "fund_session", environment: s.environment }, async (tx) => {
    await completeFundSession(
      { db: tx },
      { sessionKey: s.sessionKey, amountUsdc: formatUsdc(paid.amountCents * MICROS_PER_CENT), payment: { provider: "stripe", externalId: paid.sessionId } },
    );
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { COMPLETE_FUND_SESSION_ERRORS } from "./complete-fund-session.ts";
import { SETTLE_STRIPE_PAYMENT_ERRORS } from "../stripe/settle-stripe-payment.ts";
export const SETTLE_PAID_FUND_SESSION_ERRORS = [...COMPLETE_FUND_SESSION_ERRORS, ...SETTLE_STRIPE_PAYMENT_ERRORS] as const satisfies readonly ErrorCode[];

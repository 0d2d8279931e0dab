// A live fund session's Pay on the hosted page: a Stripe Checkout Session for the amount (the payer's choice for a
// campaign, the amount due for a distribution), identified by its metadata {kind: fund_session, objectId}. Nothing
// changes here but the StripePayment record: Stripe's checkout.session.completed completes the fund session
// (lib/flows/settle-paid-fund-session.ts). Stripe sends the payer back to the fund page either way. A cancel (or a
// completion) that commits while Stripe makes the session: the session is expired at once and the payer gets 409.
import type { DbContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { MICROS_PER_CENT } from "../core/usdc.ts";
import { appBaseUrl } from "../config/settings.ts";
import { createStripePaymentSession } from "../stripe/create-payment-session.ts";
import { fundSessionNotFound } from "./find-fund-session.ts";
import { fundSessionAmount } from "./fund-session-amount.ts";
import { isFundSessionKey } from "./fund-session-key.ts";
import { fundSessionNotPending } from "./fund-session-not-pending.ts";
import { effectiveStatus } from "./fund-session-states.ts";

/** The query Stripe's success_url adds to the fund page: the page says the payment is being confirmed. */
export const STRIPE_RETURN_QUERY = "payment=stripe";

export const fundPagePath = (sessionKey: string): string => `/fund/${encodeURIComponent(sessionKey)}`;

export const startFundSessionCardPayment = async (
  ctx: DbContext,
  { sessionKey, amountUsdc }: { sessionKey: string; amountUsdc?: string },
): Promise<{ url: string; sessionId: string }> => {
  if (!isFundSessionKey(sessionKey)) throw fundSessionNotFound(sessionKey);
  const s = await ctx.db.fundSession.findUnique({ where: { sessionKey } });
  if (!s) throw fundSessionNotFound(sessionKey);
  const state = effectiveStatus(s, now());
  if (state !== "pending") throw fundSessionNotPending(state, "paid");
  if (s.environment === "test") throw new AppError("VALIDATION_ERROR", "Test fund sessions are paid with the sandbox card on the page, not through Stripe.");
  const amountMicros = fundSessionAmount(s, amountUsdc);
  const [business, campaign] = await Promise.all([
    ctx.db.business.findUnique({ where: { id: s.businessId }, select: { name: true } }),
    s.campaignId ? ctx.db.campaign.findUnique({ where: { id: s.campaignId }, select: { name: true } }) : null,
  ]);
  const name = campaign ? `Funding of campaign ${campaign.name}` : `Payout funding for ${business?.name ?? "a business"}`;
  const page = `${appBaseUrl()}${fundPagePath(sessionKey)}`;
  return createStripePaymentSession(ctx, {
    kind: "fund_session",
    objectId: s.id,
    environment: s.environment,
    amountCents: amountMicros / MICROS_PER_CENT,
    name,
    successUrl: `${page}?${STRIPE_RETURN_QUERY}`,
    cancelUrl: page,
    metadata: { businessId: s.businessId, targetType: s.targetType },
    expiresAt: s.expiresAt,
    lockPayable: async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM "FundSession" WHERE "id" = ${s.id} FOR UPDATE`;
      const row = await tx.fundSession.findUniqueOrThrow({ where: { id: s.id } });
      const current = effectiveStatus(row, now());
      if (current !== "pending") throw fundSessionNotPending(current, "paid");
    },
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_FUND_SESSION_ERRORS } from "./find-fund-session.ts";
import { FUND_SESSION_AMOUNT_ERRORS } from "./fund-session-amount.ts";
import { FUND_SESSION_NOT_PENDING_ERRORS } from "./fund-session-not-pending.ts";
import { CREATE_PAYMENT_SESSION_ERRORS } from "../stripe/create-payment-session.ts";
export const START_FUND_SESSION_CARD_PAYMENT_ERRORS = [
  "VALIDATION_ERROR",
  ...FIND_FUND_SESSION_ERRORS,
  ...FUND_SESSION_AMOUNT_ERRORS,
  ...FUND_SESSION_NOT_PENDING_ERRORS,
  ...CREATE_PAYMENT_SESSION_ERRORS,
] as const satisfies readonly ErrorCode[];

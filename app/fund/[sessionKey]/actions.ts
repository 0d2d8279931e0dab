"use server";
// The fund page's pay action: the payer's amount (campaign) and the sandbox card (test mode) complete the
// session through the same flow as the test helper. The session key in the URL is the credential; every rule
// the form shows is enforced by the flow. Messages are the page's language; nothing is charged on a refusal.
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { CARD_FIELD_MAX } from "@/lib/checkout/sandbox-card";
import { completeFundSession } from "@/lib/flows/complete-fund-session";
import { startFundSessionCardPayment } from "@/lib/fund-sessions/start-fund-session-card-payment";
import { MAX_CAMPAIGN_FUNDING_MICROS, MIN_CAMPAIGN_FUNDING_MICROS } from "@/lib/fund-sessions/fund-session-rules";
import type { FundPayState } from "@/lib/fund-sessions/page-form-state";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { getRequestLocale } from "@/lib/hosted/locale";
import { formatMoney } from "@/lib/i18n/format";
import { getTranslator } from "@/lib/i18n/translator";
import { MICROS_PER_CENT } from "@/lib/core/usdc";

const field = (max: number, message: string) => textField(max, message, { slack: 8, trim: true });
const PayForm = z.object({
  amount: field(32, "amount"),
  cardNumber: field(CARD_FIELD_MAX.number, "cardNumber"),
  cardExpiry: field(CARD_FIELD_MAX.expiry, "cardExpiry"),
  cardCvc: field(CARD_FIELD_MAX.cvc, "cardCvc"),
});

/** The flow's field names → the form's. */
const FORM_FIELD: Record<string, string> = { amountUsdc: "amount", number: "cardNumber", expiry: "cardExpiry", cvc: "cardCvc" };

export const payFundSessionAction = async (sessionKey: string, prev: FundPayState, form: FormData): Promise<FundPayState> => {
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "fund");
  const usd = (micros: bigint) => formatMoney(locale, Number(micros / MICROS_PER_CENT), "USD");
  const out = await runHostedAction({
    schema: PayForm,
    form,
    signedIn: () => false,
    fieldOf: (f) => FORM_FIELD[f] ?? (Object.values(FORM_FIELD).includes(f) ? f : null),
    unexpected: { log: "[fund] pay failed", message: t("errors.generic") },
    run: ({ db, input }) =>
      completeFundSession(
        { db },
        {
          sessionKey,
          amountUsdc: input.amount === "" ? undefined : input.amount.replace(/[\s$]/g, "").replace(",", "."),
          card: { number: input.cardNumber, expiry: input.cardExpiry.replace(/\s/g, ""), cvc: input.cardCvc },
        },
      ),
  });
  if (out.ok) {
    revalidatePath(`/fund/${sessionKey}`);
    return { error: null, fieldErrors: [], attempt: prev.attempt + 1 };
  }
  return refusal(sessionKey, prev, out, t, usd);
};

type Refused = Extract<Awaited<ReturnType<typeof runHostedAction>>, { ok: false }>;

/** A refusal as the page says it: the fields at fault under their field, else one alert. */
const refusal = (sessionKey: string, prev: FundPayState, out: Refused, t: ReturnType<typeof getTranslator>, usd: (micros: bigint) => string): FundPayState => {
  const attempt = prev.attempt + 1;
  const say = (f: string) => {
    if (f === "amount") return t("errors.amount", { min: usd(MIN_CAMPAIGN_FUNDING_MICROS), max: usd(MAX_CAMPAIGN_FUNDING_MICROS) });
    return t(`errors.${f}`);
  };
  switch (out.code) {
    case "CARD_DECLINED":
      // said as every payment form says a decline: an alert just before the card, whose CVC is cleared
      return { error: t("errors.declined"), field: "cardNumber", declined: true, fieldErrors: [], attempt };
    case "FUND_SESSION_NOT_PENDING":
    case "FUND_SESSION_NOT_FOUND":
      revalidatePath(`/fund/${sessionKey}`);
      return { error: t("errors.notPending"), fieldErrors: [], attempt };
    case "DISTRIBUTION_NOT_PENDING":
      return { error: t("errors.funded"), fieldErrors: [], attempt };
    case "PAYMENTS_NOT_CONFIGURED":
      return { error: t("errors.notConfigured"), fieldErrors: [], attempt };
    case null:
      // a refused parse (a field longer than any valid value) or an unexpected error
      return out.status >= 500
        ? { error: out.error, fieldErrors: [], attempt }
        : { error: null, fieldErrors: out.fieldErrors.map((e) => ({ field: e.field, message: say(e.field) })), attempt };
    default:
      return out.fieldErrors.length
        ? { error: null, fieldErrors: out.fieldErrors.map((e) => ({ field: e.field, message: say(e.field) })), attempt }
        : { error: out.status >= 500 ? t("errors.generic") : out.error, fieldErrors: [], attempt };
  }
};

const LiveForm = z.object({ amount: field(32, "amount") });

/**
 * A live session's Pay: a Stripe Checkout Session for the amount (the payer's choice for a campaign, the amount
 * due for a distribution), and the payer is sent to Stripe's page. Stripe's webhook completes the session; Stripe
 * sends the payer back to this page, which shows where it stands. Nothing is charged here.
 */
export const startFundCardPaymentAction = async (sessionKey: string, prev: FundPayState, form: FormData): Promise<FundPayState> => {
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "fund");
  const usd = (micros: bigint) => formatMoney(locale, Number(micros / MICROS_PER_CENT), "USD");
  const out = await runHostedAction({
    schema: LiveForm,
    form,
    signedIn: () => false,
    fieldOf: (f) => (f === "amountUsdc" || f === "amount" ? "amount" : null),
    unexpected: { log: "[fund] card payment start failed", message: t("errors.generic") },
    run: ({ db, input }) =>
      startFundSessionCardPayment({ db }, { sessionKey, amountUsdc: input.amount === "" ? undefined : input.amount.replace(/[\s$]/g, "").replace(",", ".") }),
  });
  if (out.ok) redirect(out.value.url);
  return refusal(sessionKey, prev, out, t, usd);
};

// The fund page's live branch: Pay sends the payer to Stripe's Checkout page (the redirect URL is Stripe's), for
// the amount chosen; every refusal is said on the page with nothing started at Stripe.
import { describe, expect, it, vi } from "vitest";
import { DELETE as DELETE_CAMPAIGN_SESSION } from "@/app/api/v1/platform/campaigns/[campaignId]/fund-sessions/[handle]/route";
import { FUND_PAY_START, type FundPayState } from "@/lib/fund-sessions/page-form-state";
import { getDb } from "@/lib/db/client";
import { call } from "@/tests/support/http";
import { campaignSession, distributionSession, idemKey, makeFundDistribution, makeFundTenant } from "@/tests/support/fund-sessions";
import { useStripeDouble } from "@/tests/support/stripe-double-setup";
import { inRequest } from "@/tests/support/serve-auth";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import FundSessionPage from "./page";
import { payFundSessionAction, startFundCardPaymentAction } from "./actions";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const stripe = useStripeDouble({ secret: "whsec_fund_live_pay" });
/** The redirect to the double's hosted page (Stripe's), with the session id it made. */
const toStripePage = () => new RegExp(`^NEXT_REDIRECT;[a-z]+;${stripe.hostedPage()};`);
const lastCall = () => stripe.double.state.calls.at(-1)!;

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
/** The redirect's digest, or what the action returned. */
const start = (sessionKey: string, fields: Record<string, string>, acceptLanguage?: string) =>
  inRequest(acceptLanguage ? { "accept-language": acceptLanguage } : {}, () => startFundCardPaymentAction(sessionKey, FUND_PAY_START, form(fields))).then(
    (v) => ({ returned: JSON.parse(JSON.stringify(v).replace(/[\u00a0\u202f]/g, " ")) }),
    (e: { digest?: string }) => ({ redirect: String(e.digest) }),
  ) as Promise<{ redirect?: string; returned?: FundPayState }>;
const sessionCalls = () => stripe.calls("POST", "/v1/checkout/sessions").length;

describe("startFundCardPaymentAction (live sessions)", () => {
  it("a campaign session: the payer's amount goes to Stripe and the payer is redirected to Stripe's page", async () => {
    const { mgmt, campaign } = await makeFundTenant({ environment: "live" });
    const s = await campaignSession(mgmt, campaign.id);
    const out = await start(s.sessionKey, { amount: " $12,50 " });
    expect(out).toEqual({ redirect: expect.stringMatching(toStripePage()) });
    const sessionId = toStripePage().exec(out.redirect!)![1];
    expect(out.redirect).toContain(`;${stripe.double.state.sessions.get(sessionId)!.url};`);
    expect(lastCall().form).toMatchObject({ line_items: [{ price_data: { unit_amount: "1250" } }], metadata: { kind: "fund_session" } });
    expect(stripe.double.state.sessions.get(sessionId)).toMatchObject({ amount_total: 1250, status: "open" });
    expect(await getDb().stripePayment.findUniqueOrThrow({ where: { sessionId } })).toMatchObject({ kind: "fund_session", amountCents: 1250n, status: "open" });
    expect((await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } })).status).toBe("pending");
  });

  it("a distribution session pays the amount due without an amount typed", async () => {
    const t = await makeFundTenant({ environment: "live" });
    const d = await makeFundDistribution(t.tb);
    const s = await distributionSession(t.tb, d._id);
    expect((await start(s.sessionKey, { amount: "" })).redirect).toMatch(toStripePage());
    expect(lastCall().form).toMatchObject({ line_items: [{ price_data: { unit_amount: String(d.totalAmountCents + d.totalFeeCents) } }] });
  });

  it("refusals are said on the page and start nothing at Stripe: the amount, a cancelled session, payments not configured, a test session", async () => {
    const { mgmt, campaign } = await makeFundTenant({ environment: "live" });
    const s = await campaignSession(mgmt, campaign.id);
    const before = sessionCalls();
    expect(await start(s.sessionKey, { amount: "0.5" })).toEqual({
      returned: {
        error: null,
        fieldErrors: [{ field: "amount", message: "Enter an amount between USD 1.00 and USD 100,000.00, with at most 2 decimals." }],
        attempt: 1,
      },
    });
    expect((await start(s.sessionKey, { amount: "abc" }, "fr-FR")).returned!.fieldErrors[0].field).toBe("amount");

    const key = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    expect((await start(s.sessionKey, { amount: "10" })).returned).toMatchObject({
      error: "Card payments are not available on this server right now. Nothing was charged; try again later.",
    });
    process.env.STRIPE_SECRET_KEY = key;

    await call(DELETE_CAMPAIGN_SESSION, { headers: { ...mgmt, ...idemKey() }, params: { campaignId: campaign.id, handle: s.sessionKey } });
    expect((await start(s.sessionKey, { amount: "10" })).returned).toMatchObject({ error: "This link can no longer be paid. Nothing was charged." });

    const test = await makeFundTenant();
    const ts = await campaignSession(test.mgmt, test.campaign.id);
    expect((await start(ts.sessionKey, { amount: "10" })).returned!.error).toContain("sandbox card");
    expect(sessionCalls()).toBe(before);
  });

  it("the sandbox card action cannot complete a live session (TEST_FUNDS_ONLY): nothing is credited", async () => {
    const { mgmt, campaign } = await makeFundTenant({ environment: "live" });
    const s = await campaignSession(mgmt, campaign.id);
    const out = await inRequest({}, () =>
      payFundSessionAction(s.sessionKey, FUND_PAY_START, form({ amount: "10", cardNumber: "4242 4242 4242 4242", cardExpiry: "12/40", cardCvc: "123" })),
    );
    expect(out.error).toContain("through Stripe");
    expect((await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } })).status).toBe("pending");
  });
});

describe("the live fund page", () => {
  const render = async (sessionKey: string, query: Record<string, string> = {}) =>
    renderToStaticMarkup(
      (await inRequest({}, () => FundSessionPage({ params: Promise.resolve({ sessionKey }), searchParams: Promise.resolve(query) }))) as ReactElement,
    );

  it("offers the amount and a Pay button that goes to Stripe (no card fields here); back from Stripe it says the payment is being confirmed", async () => {
    const { mgmt, campaign } = await makeFundTenant({ environment: "live" });
    const s = await campaignSession(mgmt, campaign.id);
    const html = await render(s.sessionKey);
    expect(html).toContain("Amount (USD)");
    // the one payment form's live note (components/payment/payment-form.tsx, the checkout catalog's words)
    expect(html).toContain("You will enter your card details on our payment partner&#x27;s secure page (Stripe).");
    expect(html).not.toContain('name="cardNumber"');
    const back = await render(s.sessionKey, { payment: "stripe" });
    expect(back).toContain("Confirming your payment");
    expect(back).toMatch(/<meta http-equiv="refresh" content="3"\/>/);
  });
});

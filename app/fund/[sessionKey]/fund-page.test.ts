// The hosted fund page against PostgreSQL: the loader (what the payer sees, read without a write) and the pay
// action (amount and sandbox card → the session completes through the same flow as the test helper; every
// refusal on its field, in the page's language, with nothing charged).
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST as EXPIRE } from "@/app/api/v1/test-helpers/fund-sessions/[sessionKey]/expire/route";
import { DELETE as DELETE_CAMPAIGN_SESSION } from "@/app/api/v1/platform/campaigns/[campaignId]/fund-sessions/[handle]/route";
import { getDb } from "@/lib/db/client";
import { setClockOffsetForTests } from "@/lib/core/clock";
import { loadFundPage } from "@/lib/fund-sessions/load-fund-page";
import { FUND_PAY_START } from "@/lib/fund-sessions/page-form-state";
import { call } from "@/tests/support/http";
import { campaignSession, distributionSession, expectBalancedBooks, makeFundDistribution, makeFundTenant, usdcBalance } from "@/tests/support/fund-sessions";
import { inRequest } from "@/tests/support/serve-auth";
import { payFundSessionAction } from "./actions";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const CARD = { cardNumber: "4242 4242 4242 4242", cardExpiry: "12 / 40", cardCvc: "123" };
/** The action's answer, with Intl's no-break spaces written as spaces. */
const pay = async (sessionKey: string, fields: Record<string, string>, acceptLanguage?: string) =>
  JSON.parse(
    JSON.stringify(
      await inRequest(acceptLanguage ? { "accept-language": acceptLanguage } : {}, () => payFundSessionAction(sessionKey, FUND_PAY_START, form(fields))),
    ).replace(/[\u00a0\u202f]/g, " "),
  ) as Awaited<ReturnType<typeof payFundSessionAction>>;
const load = (sessionKey: string) => loadFundPage({ db: getDb() }, { sessionKey });

afterEach(() => setClockOffsetForTests(0));

describe("loadFundPage", () => {
  it("a campaign session: the campaign's public name, the business, the amount limits; reading writes nothing", async () => {
    const { mgmt, campaign, business, platform } = await makeFundTenant();
    const s = await campaignSession(mgmt, campaign.id);
    const before = await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } });
    expect(await load(s.sessionKey)).toEqual({
      sessionKey: s.sessionKey,
      status: "pending",
      environment: "test",
      businessName: business.name,
      platformName: platform.name,
      reference: null,
      paidCents: null,
      completedAt: null,
      expiresAt: new Date(s.expiresAt),
      target: "campaign",
      campaignName: "The Spring Cup",
      minCents: 100,
      maxCents: 10_000_000,
    });
    setClockOffsetForTests(3_600_000);
    expect((await load(s.sessionKey))!.status).toBe("expired");
    expect(await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } })).toEqual(before);
  });

  it("a distribution session: the payout, each fee and the total due", async () => {
    const { tb } = await makeFundTenant();
    const d = await makeFundDistribution(tb);
    const s = await distributionSession(tb, d._id);
    expect(await load(s.sessionKey)).toMatchObject({
      target: "distribution",
      status: "pending",
      memo: "Prizes",
      recipientCount: 2,
      amountCents: 1075,
      fees: [{ label: "Coinop service fee", amountCents: 11 }],
      dueCents: 1086,
    });
  });

  it("an unknown or malformed key is null; cancelled and expired sessions say so", async () => {
    expect(await load("fs_test_" + "x".repeat(43))).toBeNull();
    expect(await load("nope")).toBeNull();
    const { mgmt, campaign } = await makeFundTenant();
    const a = await campaignSession(mgmt, campaign.id);
    await call(DELETE_CAMPAIGN_SESSION, { headers: mgmt, params: { campaignId: campaign.id, handle: a.sessionKey } });
    expect((await load(a.sessionKey))!.status).toBe("cancelled");
    const b = await campaignSession(mgmt, campaign.id);
    await call(EXPIRE, { headers: mgmt, params: { sessionKey: b.sessionKey } });
    expect((await load(b.sessionKey))!.status).toBe("expired");
  });
});

describe("payFundSessionAction", () => {
  it("campaign: the chosen amount and the sandbox card complete the session and credit the campaign", async () => {
    const { mgmt, campaign } = await makeFundTenant();
    const s = await campaignSession(mgmt, campaign.id);
    expect(await pay(s.sessionKey, { amount: "$1,234.5".replace(",", ""), ...CARD })).toEqual({ error: null, fieldErrors: [], attempt: 1 });
    expect(await load(s.sessionKey)).toMatchObject({ status: "completed", paidCents: 123_450, completedAt: expect.any(Date) });
    expect(await usdcBalance("campaign", campaign.id)).toBe(1_234_500_000n);
    // a second payment of the same page: an alert, nothing charged
    expect(await pay(s.sessionKey, { amount: "5", ...CARD })).toEqual({
      error: "This link can no longer be paid. Nothing was charged.",
      fieldErrors: [],
      attempt: 1,
    });
    expect(await usdcBalance("campaign", campaign.id)).toBe(1_234_500_000n);
  });

  it("distribution: pays the amount due; the distribution is funded", async () => {
    const { tb } = await makeFundTenant();
    const d = await makeFundDistribution(tb);
    const s = await distributionSession(tb, d._id);
    expect((await pay(s.sessionKey, { ...CARD })).fieldErrors).toEqual([]);
    expect((await getDb().distribution.findUniqueOrThrow({ where: { id: d._id } })).status).toBe("funded");
    expect(await expectBalancedBooks()).toMatchObject({ sum: 0n, unbalancedJournals: [], miscountedTenants: [], misstatedJournals: [] });
  });

  it("every refusal on its field, in the reader's language; nothing is charged", async () => {
    const { mgmt, campaign } = await makeFundTenant();
    const s = await campaignSession(mgmt, campaign.id);
    expect(await pay(s.sessionKey, { amount: "", ...CARD })).toEqual({
      error: null,
      fieldErrors: [{ field: "amount", message: "Enter an amount between USD 1.00 and USD 100,000.00, with at most 2 decimals." }],
      attempt: 1,
    });
    expect((await pay(s.sessionKey, { amount: "12.345", ...CARD }, "fr-FR")).fieldErrors).toEqual([
      { field: "amount", message: "Saisissez un montant entre 1,00 USD et 100 000,00 USD, avec au plus 2 décimales." },
    ]);
    // a decline is said as on every payment form: an alert just before the card number, the CVC cleared
    expect(await pay(s.sessionKey, { amount: "20", cardNumber: "4000 0000 0000 0002", cardExpiry: "12/40", cardCvc: "123" })).toEqual({
      error: "Your card was declined. Nothing was charged; try another card.",
      field: "cardNumber",
      declined: true,
      fieldErrors: [],
      attempt: 1,
    });
    expect((await pay(s.sessionKey, { amount: "20", cardNumber: "4242", cardExpiry: "13/99", cardCvc: "1" })).fieldErrors.map((e) => e.field)).toEqual([
      "cardNumber",
      "cardExpiry",
      "cardCvc",
    ]);
    expect((await pay(s.sessionKey, { amount: "20", cardNumber: "1".repeat(500), cardExpiry: "12/40", cardCvc: "123" })).fieldErrors).toEqual([
      { field: "cardNumber", message: "This card number is not valid. Check the digits." },
    ]);
    expect((await load(s.sessionKey))!.status).toBe("pending");
    expect(await usdcBalance("campaign", campaign.id)).toBe(0n);
    expect(await pay("fs_test_" + "x".repeat(43), { amount: "20", ...CARD })).toMatchObject({ error: "This link can no longer be paid. Nothing was charged." });
  });
});

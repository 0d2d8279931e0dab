// The success page's loader against PostgreSQL: what was bought and for how much, how it arrives, the
// account's email, the short reference, and the way back to the game.
import { describe, expect, it } from "vitest";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { GET as openRedirect } from "@/app/api/v1/checkout/redirect/route";
import { getDb } from "@/lib/db/client";
import { payCheckout } from "@/lib/flows/pay-checkout";
import { call } from "@/tests/support/http";
import { makeProductRow, makeStore } from "@/tests/support/purchases";
import { idem } from "@/tests/support/vc";
import { refundPurchase } from "@/lib/refunds/refund-purchase";
import { loadSuccessView } from "./load-success-view";
import { emailRefundReceipt, REFUND_RECEIPT_EMAIL_TASK } from "./email-refund-receipt";
import { purchaseReference } from "./purchase-reference";
import { parseCheckoutUrl } from "./sign-url";

const ctx = () => ({ db: getDb() });
const CARD = { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };

const grantRef = async (s: { headers: Record<string, string> }, body: Record<string, unknown>) => {
  const res = await call(createGrant, { headers: idem(s.headers), body });
  expect(res.status, res.text).toBe(201);
  return parseCheckoutUrl(res.body.checkoutUrl)!;
};

describe("loadSuccessView", () => {
  it("a grant paid by card: amount, item, delivery by the game, the account's email, a short reference, Return to game = the store URL, the grant's locale", async () => {
    const s = await makeStore({ players: 0 });
    await getDb().game.update({ where: { id: s.game.id }, data: { storeUrl: "https://game.example/store", taxLabel: "VAT", taxRateBps: 2000 } });
    const item = await makeProductRow(s.game.id, { name: "Golden Sword", priceCents: 600, fulfillmentType: "WEBHOOK" });
    const ref = await grantRef(s, { itemId: item.id, email: "buyer@example.com", checkoutMetadata: { locale: "fr" } });
    const paid = await payCheckout({ db: getDb() }, { ref, method: "card", card: CARD });
    expect(paid.outcome).toBe("succeeded");
    const view = (await loadSuccessView(ctx(), { purchaseId: paid.purchase.id }))!;
    expect(view).toMatchObject({
      purchaseId: paid.purchase.id,
      reference: purchaseReference(paid.purchase.id),
      status: "completed",
      environment: "test",
      paid: { kind: "usd", cents: 600 },
      item: { name: "Golden Sword" },
      delivery: { kind: "game" },
      email: "buyer@example.com",
      returnUrl: "https://game.example/store",
      locale: "fr",
      game: { name: s.game.name, tax: { label: "VAT", rateBps: 2000 }, links: { store: "https://game.example/store", terms: null, support: null } },
    });
    expect(view.reference).toMatch(/^CO-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(view.checkoutPath).toMatch(/^\/checkout\/g\//);
  });

  it("a refunded purchase: its status and what came back, under the same reference (issue 31)", async () => {
    const s = await makeStore({ players: 0 });
    const item = await makeProductRow(s.game.id, { name: "Silver Shield", priceCents: 900, fulfillmentType: "WEBHOOK" });
    const ref = await grantRef(s, { itemId: item.id, email: "refund@example.com" });
    const paid = await payCheckout({ db: getDb() }, { ref, method: "card", card: CARD });
    await refundPurchase(ctx(), { gameId: s.game.id, environment: "test", purchaseId: paid.purchase.id, amount: 400, reason: "requested_by_customer" });
    expect(await loadSuccessView(ctx(), { purchaseId: paid.purchase.id })).toMatchObject({
      reference: purchaseReference(paid.purchase.id),
      status: "partially_refunded",
      paid: { kind: "usd", cents: 900 },
      refundedAmount: { kind: "usd", cents: 400 },
    });
    await refundPurchase(ctx(), { gameId: s.game.id, environment: "test", purchaseId: paid.purchase.id, reason: "requested_by_customer" });
    expect(await loadSuccessView(ctx(), { purchaseId: paid.purchase.id })).toMatchObject({ status: "refunded", refundedAmount: { kind: "usd", cents: 900 } });
    // each refund queued its receipt: the mail says what came back, under the purchase's reference
    const refunds = await getDb().refund.findMany({ where: { objectId: paid.purchase.id }, orderBy: { createdAt: "asc" } });
    const jobs = await getDb().$queryRaw<
      { key: string }[]
    >`SELECT key FROM graphile_worker.jobs WHERE key LIKE ${`${REFUND_RECEIPT_EMAIL_TASK}:%`} ORDER BY key`;
    expect(jobs.map((j) => j.key).filter((k) => refunds.some((r) => k.endsWith(r.id)))).toHaveLength(2);
    expect(await emailRefundReceipt(ctx(), { purchaseId: paid.purchase.id, refundId: refunds[0].id })).toBe(true);
    const [mail] = await getDb().mailMessage.findMany({ where: { to: "refund@example.com", subject: { startsWith: "Your refund" } } });
    expect(mail.subject).toBe(`Your refund for Silver Shield (${s.game.name})`);
    expect(mail.text.replace(/[\u00a0\u202f]/g, " ")).toContain("USD 4.00 of the USD 9.00 you paid for Silver Shield was refunded.");
    expect(mail.text).toContain(`Reference: ${purchaseReference(paid.purchase.id)}`);
    // another purchase's refund id sends nothing
    expect(await emailRefundReceipt(ctx(), { purchaseId: paid.purchase.id, refundId: "nope" })).toBe(false);
  });

  it("a redirect returns to its redirectUrl; an item granting virtual currency says how much arrives; a guest's placeholder email is not shown", async () => {
    const s = await makeStore({ players: 0 });
    await getDb().game.update({ where: { id: s.game.id }, data: { storeUrl: "https://game.example/store" } });
    const item = await makeProductRow(s.game.id, {
      name: "Gem Pouch",
      fulfillmentType: "GRANT_VIRTUAL_CURRENCY",
      grantCurrencyId: s.currencyId,
      grantAmountUnits: 1500n,
    });
    const res = await call(openRedirect, { headers: s.headers, query: { gameId: s.game.id, itemId: item.id, redirectUrl: "https://game.example/back?x=1" } });
    const ref = parseCheckoutUrl(res.body.body.url)!;
    const paid = await payCheckout({ db: getDb() }, { ref, method: "card", card: CARD, email: "payer@example.com" });
    const view = (await loadSuccessView(ctx(), { purchaseId: paid.purchase.id }))!;
    expect(view.returnUrl).toBe("https://game.example/back?x=1");
    expect(view.delivery).toEqual({ kind: "currency", amount: 1500, code: expect.stringMatching(/^GEM/), name: "Gems" });
    expect(view.email).toBe("payer@example.com");
    expect(view.locale).toBeNull();

    const guestGrant = await grantRef(s, { itemId: item.id }); // no email: the grant's account is a placeholder
    const guest = await payCheckout({ db: getDb() }, { ref: guestGrant, method: "card", card: CARD });
    expect((await loadSuccessView(ctx(), { purchaseId: guest.purchase.id }))!.email).toBeNull();
  });

  it("a declined purchase: failed, with its message and the checkout to try again; unknown id: null", async () => {
    const s = await makeStore({ players: 0 });
    const item = await makeProductRow(s.game.id, {});
    const ref = await grantRef(s, { itemId: item.id });
    const declined = await payCheckout({ db: getDb() }, { ref, method: "card", card: { ...CARD, number: "4000 0000 0000 0002" } });
    const view = (await loadSuccessView(ctx(), { purchaseId: declined.purchase.id }))!;
    expect(view).toMatchObject({ status: "failed", failureMessage: "Your card was declined. Try another card.", returnUrl: null });
    expect(view.checkoutPath).toMatch(/^\/checkout\/g\//);
    expect(await loadSuccessView(ctx(), { purchaseId: "000000000000000000000000" })).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { POST as complete } from "./route";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { GET as redirect } from "@/app/api/v1/checkout/redirect/route";
import { call } from "@/tests/support/http";
import { makeCampaign, makeGame } from "@/tests/support/fixtures";
import { balanceOf, fund, idem } from "@/tests/support/vc";
import { eventsOf, fundWallet, makeDealRow, makeProductRow, makeStore } from "@/tests/support/purchases";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { POST as createCurrency } from "@/app/api/v1/vc/currencies/route";

const setup = async () => {
  const s = await makeStore();
  const item = await makeProductRow(s.game.id, { fulfillmentType: "WEBHOOK", vcPrices: [{ currencyId: s.currencyId, amount: 300n }] });
  return { ...s, item };
};
type Store = Awaited<ReturnType<typeof setup>>;
const grant = async (s: Store, extra: Record<string, unknown> = {}) => {
  const res = await call(createGrant, { headers: idem(s.headers), body: { itemId: s.item.id, ...extra } });
  if (res.status !== 201) throw new Error(res.text);
  return res.body as { checkoutUrl: string; userRef: string };
};
const pay = (s: { headers: Record<string, string> }, body: Record<string, unknown>) => call(complete, { headers: s.headers, body });
const names = async (gameId: string) => (await eventsOf(gameId)).map((e) => e.event).filter((e) => e.startsWith("Purchases."));

describe("POST /v1/test-helpers/checkout/complete: grants", () => {
  it("a guest card payment completes the purchase and the grant; Purchases.Completed carries grant_user_ref and checkout_metadata exactly", async () => {
    const s = await setup();
    const meta = { orderId: "o-42", cart: { sku: "gold", qty: 2 }, tags: ["a", "b"] };
    const g = await grant(s, { email: "guest@example.com", checkoutMetadata: meta });
    const res = await pay(s, { url: g.checkoutUrl, outcome: "succeeded" });
    expect(res.status).toBe(200);
    expect(res.body.grant).toMatchObject({
      status: "completed",
      userRef: g.userRef,
      itemId: s.item.id,
      checkoutMetadata: meta,
      purchaseId: res.body.purchase._id,
    });
    expect(res.body.purchase).toMatchObject({
      status: "completed",
      isPaid: true,
      paymentMethod: "card",
      paymentProvider: "sandbox",
      amount: 499,
      currency: "USD",
      userRef: g.userRef,
    });
    expect(res.body.checkoutSession).toBeNull();
    expect(await names(s.game.id)).toEqual(["Purchases.Started", "Purchases.Completed"]);
    const [done] = await eventsOf(s.game.id, "Purchases.Completed");
    expect(done.data).toEqual({
      purchaseId: res.body.purchase._id,
      itemId: s.item.id,
      gameId: s.game.id,
      itemType: "purchase",
      amount: 499,
      currency: "USD",
      paymentProvider: "sandbox",
      metadata: {},
      user_ref: g.userRef,
      grant_user_ref: g.userRef,
      checkout_metadata: meta,
    });
    // "exactly": the same JSON text, key order included (jsonb would have sorted cart and tags before orderId)
    expect(JSON.stringify(done.data.checkout_metadata)).toBe(JSON.stringify(meta));
    expect(JSON.stringify(res.body.grant.checkoutMetadata)).toBe(JSON.stringify(meta));
    const again = await pay(s, { url: g.checkoutUrl, outcome: "succeeded" });
    expect([again.status, again.body.code]).toEqual([409, "CHECKOUT_COMPLETED"]);
    expect(await getDb().purchase.count({ where: { gameId: s.game.id } })).toBe(1);
  });

  it("a declined card fails the purchase (Purchases.Failed) and the same URL then succeeds", async () => {
    const s = await setup();
    const g = await grant(s);
    const declined = await pay(s, { url: g.checkoutUrl, outcome: "declined" });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      grant: { status: "pending" },
      purchase: { status: "failed", isPaid: false, paymentProvider: "sandbox" },
      message: "Your card was declined. Try another card.",
    });
    const [failed] = await eventsOf(s.game.id, "Purchases.Failed");
    expect(failed.data).toMatchObject({
      purchaseId: declined.body.purchase._id,
      status: "failed",
      paymentProvider: "sandbox",
      message: "Your card was declined. Try another card.",
      grant_user_ref: g.userRef,
    });
    const [started] = await eventsOf(s.game.id, "Purchases.Started");
    expect(started.data.paymentProvider).toBe("sandbox");
    const ok = await pay(s, { url: g.checkoutUrl, outcome: "succeeded" });
    expect(ok.body).toMatchObject({ grant: { status: "completed" }, purchase: { status: "completed" } });
    expect(ok.body.purchase._id).not.toBe(declined.body.purchase._id);
    expect(await names(s.game.id)).toEqual(["Purchases.Started", "Purchases.Failed", "Purchases.Started", "Purchases.Completed"]);
  });

  it("canceled: Purchases.Canceled, the grant is pending again, and the same URL works", async () => {
    const s = await setup();
    const g = await grant(s);
    const canceled = await pay(s, { url: g.checkoutUrl, outcome: "canceled" });
    expect(canceled.body).toMatchObject({ grant: { status: "pending" }, purchase: { status: "canceled" } });
    expect((await pay(s, { url: g.checkoutUrl, outcome: "succeeded" })).body.grant.status).toBe("completed");
    expect(await names(s.game.id)).toEqual(["Purchases.Started", "Purchases.Canceled", "Purchases.Started", "Purchases.Completed"]);
  });

  it("vc: debits the grant's player; a balance too low declines with a clear message and keeps the grant usable", async () => {
    const s = await setup();
    const g = await grant(s, { userRef: s.users[0] });
    const low = await pay(s, { url: g.checkoutUrl, outcome: "succeeded", method: "vc" });
    expect(low.body).toMatchObject({ grant: { status: "pending" }, purchase: { status: "failed", currency: expect.any(String), amount: 300 } });
    expect(low.body.message).toContain("virtual-currency balance is too low");
    await fund(s.headers, s.currencyId, s.users[0], 1000);
    const ok = await pay(s, { url: g.checkoutUrl, outcome: "succeeded", method: "vc" });
    expect(ok.body).toMatchObject({
      grant: { status: "completed" },
      purchase: { status: "completed", paymentProvider: "virtual_currency", userRef: s.users[0] },
    });
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(700n);
  });

  it("wallet: pays in USDC from the grant player's wallet", async () => {
    const s = await setup();
    const g = await grant(s, { userRef: s.users[1] });
    await fundWallet(s.playerIds[1], 10_000_000n);
    const ok = await pay(s, { url: g.checkoutUrl, outcome: "succeeded", method: "wallet" });
    expect(ok.body).toMatchObject({
      grant: { status: "completed" },
      purchase: { status: "completed", paymentProvider: "wallet", currency: "USDC", amount: 4_990_000 },
    });
  });

  it("two concurrent payments of one grant: one completes, the other is 409, one Purchases.Completed", async () => {
    const s = await setup();
    const g = await grant(s);
    const results = await Promise.all([0, 1, 2].map(() => pay(s, { url: g.checkoutUrl, outcome: "succeeded" })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(["CHECKOUT_COMPLETED", "CHECKOUT_COMPLETED"]);
    expect(await getDb().purchase.count({ where: { gameId: s.game.id, status: "completed" } })).toBe(1);
    expect(await eventsOf(s.game.id, "Purchases.Completed")).toHaveLength(1);
  });
});

describe("POST /v1/test-helpers/checkout/complete: redirect checkouts and errors", () => {
  it("a guest pays a redirect URL at the deal price; the deal falls back to the regular price once it is no longer valid", async () => {
    const s = await setup();
    const deal = await makeDealRow(s.item, { code: "HALF", overridePrice: 250n });
    const open = async () =>
      (await call(redirect, { headers: s.headers, query: { gameId: s.game.id, itemId: s.item.id, dealCode: "HALF", redirectUrl: "https://g.example/" } })).body
        .body.url as string;
    const url = await open();
    const ok = await pay(s, { url, outcome: "succeeded", email: "walkin@example.com" });
    expect(ok.body).toMatchObject({
      grant: null,
      checkoutSession: { status: "completed", dealCode: "HALF" },
      purchase: { status: "completed", amount: 250, dealCode: "HALF" },
    });
    const player = await getDb().player.findUniqueOrThrow({ where: { email: "walkin@example.com" }, include: { links: true } });
    expect(ok.body.purchase.userRef).toBe(player.links[0].userRef);
    expect((await eventsOf(s.game.id, "Purchases.Completed"))[0].data).toMatchObject({ dealCode: "HALF", amount: 250, user_ref: player.links[0].userRef });
    expect((await eventsOf(s.game.id, "Purchases.Completed"))[0].data).not.toHaveProperty("grant_user_ref");

    const later = await open();
    await getDb().deal.update({ where: { id: deal.id }, data: { status: "inactive" } });
    const regular = await pay(s, { url: later, outcome: "succeeded" });
    expect(regular.body.purchase).toMatchObject({ status: "completed", amount: 499, dealCode: null });
  });

  it("a virtual-currency deal is accepted at a redirect with checkoutmethod vc (or none), refused for card, and paid at the deal price", async () => {
    const s = await setup();
    // a second currency whose code sorts first: the helper must still pay in the deal's currency
    const acorns = await call(createCurrency, { headers: idem(s.headers), body: { code: "ACORN", name: "Acorns" } });
    await getDb().productVcPrice.create({ data: { id: newId(), productId: s.item.id, currencyId: acorns.body.currency._id, amount: 10n } });
    await makeDealRow(s.item, { code: "GEMS50", currencyId: s.currencyId, overridePrice: 50n });
    const open = (query: Record<string, string>) =>
      call(redirect, { headers: s.headers, query: { gameId: s.game.id, itemId: s.item.id, dealCode: "gems50", ...query } });
    const card = await open({ checkoutmethod: "card" });
    expect([card.status, card.body.code]).toEqual([400, "INVALID_DEAL"]);
    expect(card.body.error).toContain("cannot be used for a USD payment");
    expect((await open({})).status).toBe(200);
    const vc = await open({ checkoutmethod: "vc" });
    expect(vc.status).toBe(200);
    const payer = await getDb().player.findUniqueOrThrow({ where: { id: s.playerIds[0] } });
    await fund(s.headers, s.currencyId, s.users[0], 120);
    const ok = await pay(s, { url: vc.body.body.url, outcome: "succeeded", email: payer.email });
    expect(ok.body).toMatchObject({
      checkoutSession: { status: "completed", dealCode: "GEMS50" },
      purchase: { status: "completed", paymentMethod: "vc", currencyId: s.currencyId, amount: 50, dealCode: "GEMS50", userRef: s.users[0] },
    });
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(70n);
    expect((await eventsOf(s.game.id, "Purchases.Completed"))[0].data).toMatchObject({
      dealCode: "GEMS50",
      amount: 50,
      paymentProvider: "virtual_currency",
      user_ref: s.users[0],
    });
  });

  it("404 for a bad signature, an unknown or another game's URL, and for live keys; 401 without a key or with a campaign key", async () => {
    const s = await setup();
    const other = await setup();
    const g = await grant(other);
    const tampered = g.checkoutUrl.replace(/sig=./, (m) => (m.endsWith("0") ? "sig=1" : "sig=0"));
    for (const url of [g.checkoutUrl, tampered, "http://localhost/checkout/r/cks_test_nope", "https://example.com/"]) {
      const res = await pay(s, { url, outcome: "succeeded" });
      expect([res.status, res.body.code]).toEqual([404, "CHECKOUT_NOT_FOUND"]);
    }
    const live = await makeGame({ environment: "live" });
    expect((await pay(live, { url: g.checkoutUrl, outcome: "succeeded" })).status).toBe(404);
    expect((await call(complete, { body: { url: g.checkoutUrl, outcome: "succeeded" } })).status).toBe(401);
    expect((await call(complete, { headers: (await makeCampaign()).headers, body: { url: g.checkoutUrl, outcome: "succeeded" } })).status).toBe(401);
    const bad = await pay(s, { url: g.checkoutUrl, outcome: "maybe", method: "cash" });
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(["method", "outcome"]);
    expect(await getDb().purchase.count({ where: { gameId: { in: [s.game.id, other.game.id] } } })).toBe(0);
    expect((await getDb().checkoutGrant.findFirstOrThrow({ where: { gameId: other.game.id } })).status).toBe("pending");
  });
});

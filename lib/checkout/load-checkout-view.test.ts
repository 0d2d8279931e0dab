// The checkout page's loader against PostgreSQL: what a guest and a signed-in player see, the game's links
// and included tax, the grant's language, and which failures the page shows again on reload.
import { describe, expect, it } from "vitest";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { GET as openRedirect } from "@/app/api/v1/checkout/redirect/route";
import { getDb } from "@/lib/db/client";
import { payCheckout } from "@/lib/flows/pay-checkout";
import { call } from "@/tests/support/http";
import { makeDealRow, makeProductRow, makeStore } from "@/tests/support/purchases";
import { fund, idem } from "@/tests/support/vc";
import { loadCheckoutView } from "./load-checkout-view";
import { parseCheckoutUrl } from "./sign-url";

const ctx = () => ({ db: getDb() });

const setup = async () => {
  const s = await makeStore({ players: 1 });
  const item = await makeProductRow(s.game.id, { name: "Dragon Pack", priceCents: 1200, vcPrices: [{ currencyId: s.currencyId, amount: 500n }] });
  return { ...s, item };
};
type Store = Awaited<ReturnType<typeof setup>>;

const grantRef = async (s: Store, body: Record<string, unknown> = {}) => {
  const res = await call(createGrant, { headers: idem(s.headers), body: { itemId: s.item.id, ...body } });
  expect(res.status, res.text).toBe(201);
  return parseCheckoutUrl(res.body.checkoutUrl)!;
};

describe("loadCheckoutView", () => {
  it("a guest on a grant: the item, prices, no balance, the grant's email, its checkoutMetadata.locale, the game's links and included tax", async () => {
    const s = await setup();
    await getDb().game.update({
      where: { id: s.game.id },
      data: { storeUrl: "https://game.example/store", termsUrl: "https://game.example/terms", supportUrl: null, taxLabel: "VAT", taxRateBps: 2000 },
    });
    const ref = await grantRef(s, { email: "buyer@example.com", checkoutMetadata: { locale: "fr-CA", orderId: "o-1" } });
    const view = (await loadCheckoutView(ctx(), { ref, player: null }))!;
    expect(view.item).toMatchObject({ id: s.item.id, name: "Dragon Pack" });
    expect(view.usd).toEqual({ regular: 1200, final: 1200, dealCode: null });
    expect(view.vc).toEqual([{ currencyId: s.currencyId, code: expect.stringMatching(/^GEM/), name: "Gems", amount: 500, balance: null }]);
    expect(view.methods).toEqual(["card", "wallet", "vc"]);
    expect(view.email).toBe("buyer@example.com");
    expect(view.locale).toBe("fr-CA");
    expect(view.game).toMatchObject({
      name: s.game.name,
      links: { store: "https://game.example/store", terms: "https://game.example/terms", support: null },
      tax: { label: "VAT", rateBps: 2000 },
    });
    expect(view.lastFailure).toBeNull();
    expect(view.checkout.state).toBe("open");
  });

  it("a locale that is not a language tag, or no metadata, is ignored; no links or tax when the game set none", async () => {
    const s = await setup();
    expect((await loadCheckoutView(ctx(), { ref: await grantRef(s, { checkoutMetadata: { locale: "<script>" } }), player: null }))!.locale).toBeNull();
    const view = (await loadCheckoutView(ctx(), { ref: await grantRef(s), player: null }))!;
    expect([view.locale, view.game.links, view.game.tax]).toEqual([null, { store: null, terms: null, support: null }, null]);
  });

  it("a signed-in player linked to the game sees their balance; a redirect carries its deal", async () => {
    const s = await setup();
    await fund(s.headers, s.currencyId, s.users[0]!, 800);
    await makeDealRow(s.item, { code: "HALF", overridePrice: 600n });
    const res = await call(openRedirect, { headers: s.headers, query: { gameId: s.game.id, itemId: s.item.id, dealCode: "half" } });
    const ref = parseCheckoutUrl(res.body.body.url)!;
    const player = await getDb().player.findUniqueOrThrow({ where: { id: s.playerIds[0] } });
    const view = (await loadCheckoutView(ctx(), { ref, player: { playerId: player.id, email: player.email, name: "" } }))!;
    expect(view.usd).toEqual({ regular: 1200, final: 600, dealCode: "HALF" });
    expect(view.vc[0]).toMatchObject({ amount: 500, balance: 800 });
    expect(view.locale).toBeNull();
  });

  it("a decline the page reported is not shown again on reload; a live card failure (away from the page) is", async () => {
    const s = await setup();
    const ref = await grantRef(s);
    const declined = await payCheckout({ db: getDb() }, { ref, method: "card", card: { number: "4000000000000002", expiry: "12/40", cvc: "123" } });
    expect(declined).toMatchObject({ outcome: "declined", reason: "card_declined" });
    expect((await loadCheckoutView(ctx(), { ref, player: null }))!.lastFailure).toBeNull();
    await getDb().purchase.update({
      where: { id: declined.purchase.id },
      data: { paymentProvider: "stripe", failureMessage: "Your card was declined by your bank." },
    });
    expect((await loadCheckoutView(ctx(), { ref, player: null }))!.lastFailure).toBe("Your card was declined by your bank.");
  });

  it("null for an unknown grant or session", async () => {
    expect(await loadCheckoutView(ctx(), { ref: { kind: "grant", grantId: "nope" }, player: null })).toBeNull();
    expect(await loadCheckoutView(ctx(), { ref: { kind: "session", token: "cks_test_nope" }, player: null })).toBeNull();
  });
});

// Finding 2 of issue 9, written as the attack: anyone holding a store checkout link posts the hosted
// checkout's pay action with method=wallet (or a virtual currency) and a victim's email, with no cookie.
// Before the fix the action took both from the form and paid from the victim's balance; the "card only
// for guests" rule lived only in the page. Rule (docs/security.md): a balance is spent only by its owner
// signed in on a hosted page; guests pay by card, and the server refuses what the page hides.
//
// The pay action runs with the real next-auth session code and an empty cookie jar (a guest): next-auth's
// `next/headers` answers from tests/support/serve-auth.ts, outside any request, with no cookie.
import "@/tests/support/serve-auth";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payAction } from "@/app/checkout/actions";
import { PAY_START, type PayState } from "@/lib/hosted/form-state";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { GET as openRedirect } from "@/app/api/v1/checkout/redirect/route";
import { POST as completeHelper } from "@/app/api/v1/test-helpers/checkout/complete/route";
import { getDb } from "@/lib/db/client";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { payCheckout } from "@/lib/flows/pay-checkout";
import { parseCheckoutUrl } from "@/lib/checkout/sign-url";
import { linkUser, makeGame } from "@/tests/support/fixtures";
import { balanceOf, fund } from "@/tests/support/vc";
import { fundWallet, makeProductRow, makeStore, usdcBalance } from "@/tests/support/purchases";
import { serveRoutes } from "@/tests/support/serve-routes";

let server: Awaited<ReturnType<typeof serveRoutes>>;
beforeAll(async () => {
  server = await serveRoutes([createGrant, openRedirect, completeHelper]);
});
afterAll(() => server.close());

const START: PayState = PAY_START;
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

/** A game selling a $10 item (also 500 gems), and a victim who approved that game, with 80 USDC and 1,000 gems. */
const victimOfStore = async () => {
  const s = await makeStore({ players: 1 });
  const item = await makeProductRow(s.game.id, { priceCents: 1000, vcPrices: [{ currencyId: s.currencyId, amount: 500n }] });
  const victim = await getDb().player.findUniqueOrThrow({ where: { id: s.playerIds[0] } });
  await fundWallet(victim.id, 80_000_000n);
  await fund(s.headers, s.currencyId, s.users[0], 1000);
  return { ...s, item, victim, victimRef: s.users[0] };
};
type Store = Awaited<ReturnType<typeof victimOfStore>>;

const post = (path: string, headers: Record<string, string>, body: unknown) =>
  server.api(path, { method: "POST", headers: { ...headers, "idempotency-key": randomUUID() }, body });

const untouched = async (s: Store) => {
  expect(await usdcBalance("wallet", s.victim.id)).toBe(80_000_000n);
  expect(await balanceOf(s.currencyId, s.victimRef)).toBe(1000n);
  expect(await getDb().purchase.count({ where: { gameId: s.game.id, status: "completed" } })).toBe(0);
};

describe("finding 2: a guest cannot pay a checkout from someone else's wallet or virtual currency", () => {
  it("the pay action, posted with no cookie, method=wallet or vc and the victim's email, on the victim's own grant URL: refused, nothing paid", async () => {
    const s = await victimOfStore();
    expect(await getSignedInPlayer()).toBeNull(); // no cookie: a guest
    const grant = await post("/v1/checkout/grants", s.headers, { itemId: s.item.id, email: s.victim.email });
    expect(grant.status, grant.text).toBe(201);
    const url = new URL(grant.body.checkoutUrl);
    const target = { kind: "grant" as const, id: url.pathname.split("/").pop()!, sig: url.searchParams.get("sig") };

    const wallet = await payAction(target, START, form({ method: "wallet", email: s.victim.email }));
    expect(wallet).toEqual({ ...START, error: "Sign in to pay with your wallet. Guests pay by card.", field: "method", attempt: 1 });
    const vc = await payAction(target, START, form({ method: `vc:${s.currencyId}`, email: s.victim.email }));
    expect(vc).toEqual({ ...START, error: "Sign in to pay with your game balance (virtual currency). Guests pay by card.", field: "method", attempt: 1 });
    await untouched(s);
    expect(await getDb().purchase.count({ where: { gameId: s.game.id } })).toBe(0);
    expect((await getDb().checkoutGrant.findFirstOrThrow({ where: { gameId: s.game.id } })).status).toBe("pending");

    // the card, the guest's method, still works on the same URL
    const card = await payAction(
      target,
      START,
      form({ method: "card", email: s.victim.email, cardNumber: "4242 4242 4242 4242", cardExpiry: "12 / 40", cardCvc: "123" }),
    ).catch((e: { digest?: string }) => e);
    expect(String((card as { digest?: string }).digest)).toMatch(/^NEXT_REDIRECT;.*\/checkout\/success\//);
    expect(await usdcBalance("wallet", s.victim.id)).toBe(80_000_000n);
    expect(await getDb().purchase.findFirstOrThrow({ where: { gameId: s.game.id, status: "completed" } })).toMatchObject({
      paymentMethod: "card",
      paymentProvider: "sandbox",
    });
  });

  it("the same on a store (redirect) URL, where the email would have chosen the account: refused, nothing paid", async () => {
    const s = await victimOfStore();
    const res = await server.api(`/v1/checkout/redirect?gameId=${s.game.id}&itemId=${s.item.id}&checkoutmethod=wallet`, { headers: s.headers });
    expect(res.status, res.text).toBe(200);
    const token = new URL(res.body.body.url).pathname.split("/").pop()!;
    for (const method of ["wallet", `vc:${s.currencyId}`]) {
      const state = await payAction({ kind: "session", id: token, sig: null }, START, form({ method, email: s.victim.email.toUpperCase() }));
      expect(state).toMatchObject({ field: "method", attempt: 1 });
      expect(state.error).toMatch(/^Sign in to pay with your .*Guests pay by card\.$/);
    }
    await untouched(s);
    expect(await getDb().purchase.count({ where: { gameId: s.game.id } })).toBe(0);
  });

  it("payCheckout itself (any caller) refuses a balance method without a signed-in player, whatever the email", async () => {
    const s = await victimOfStore();
    const grant = await post("/v1/checkout/grants", s.headers, { itemId: s.item.id, userRef: s.victimRef });
    const ref = parseCheckoutUrl(grant.body.checkoutUrl)!;
    for (const method of ["wallet", "vc"] as const) {
      const err = await payCheckout({ db: getDb() }, { ref, method, currencyId: s.currencyId, email: s.victim.email }).catch((e) => e);
      expect([err.status, err.code]).toEqual([403, "SIGN_IN_REQUIRED"]);
    }
    await untouched(s);
  });

  it("the test helper (a game's test key) cannot spend the balance of a player who never approved that game", async () => {
    const s = await victimOfStore();
    // another game, knowing only the victim's email, makes a grant (which links the victim without them)
    const b = await makeGame();
    const item = await makeProductRow(b.game.id, { priceCents: 1000 });
    const grant = await post("/v1/checkout/grants", b.headers, { itemId: item.id, email: s.victim.email });
    const stolen = await post("/v1/test-helpers/checkout/complete", b.headers, { url: grant.body.checkoutUrl, outcome: "succeeded", method: "wallet" });
    expect([stolen.status, stolen.body.code]).toEqual([403, "LINK_NOT_APPROVED"]);
    expect(stolen.body.error).toContain("has not approved this game to spend from their wallet");
    // a redirect URL paid "as" the victim's email: same refusal
    const redirect = await server.api(`/v1/checkout/redirect?gameId=${b.game.id}&itemId=${item.id}`, { headers: b.headers });
    const viaEmail = await post("/v1/test-helpers/checkout/complete", b.headers, {
      url: redirect.body.body.url,
      outcome: "succeeded",
      method: "wallet",
      email: s.victim.email,
    });
    expect([viaEmail.status, viaEmail.body.code]).toEqual([403, "LINK_NOT_APPROVED"]);
    const nobody = await post("/v1/test-helpers/checkout/complete", b.headers, { url: redirect.body.body.url, outcome: "succeeded", method: "wallet" });
    expect([nobody.status, nobody.body.code]).toEqual([403, "SIGN_IN_REQUIRED"]);
    await untouched(s);
    expect(await getDb().purchase.count({ where: { gameId: b.game.id } })).toBe(0);

    // the victim's own game, which the victim approved, may act out the victim paying (test mode)
    const own = await post("/v1/checkout/grants", s.headers, { itemId: s.item.id, userRef: s.victimRef });
    const paid = await post("/v1/test-helpers/checkout/complete", s.headers, { url: own.body.checkoutUrl, outcome: "succeeded", method: "wallet" });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.purchase).toMatchObject({ status: "completed", paymentMethod: "wallet", userRef: s.victimRef });
    expect(await usdcBalance("wallet", s.victim.id)).toBe(70_000_000n);
    // and a player linked without approval (a grant's guest) cannot be acted out either
    const guestRef = await linkUser(s.game.id);
    await getDb().playerLink.update({ where: { userRef: guestRef }, data: { approvedAt: null, approvalScopes: [] } });
    const g2 = await post("/v1/checkout/grants", s.headers, { itemId: s.item.id, userRef: guestRef });
    const refused = await post("/v1/test-helpers/checkout/complete", s.headers, { url: g2.body.checkoutUrl, outcome: "succeeded", method: "vc" });
    expect([refused.status, refused.body.code]).toEqual([403, "LINK_NOT_APPROVED"]);
  });
});

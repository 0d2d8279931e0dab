// Who pays a grant: a signed-in consumer pays with their own account (user_ref), while grant_user_ref
// stays the grant's userRef (game-api.md Events, rules 1 and 2). A balance (wallet, vc) is spent only by
// its owner signed in: never by a guest, and on a grant only by the grant's own player.
import { describe, expect, it } from "vitest";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { call } from "@/tests/support/http";
import { balanceOf, fund, idem } from "@/tests/support/vc";
import { eventsOf, makeProductRow, makeStore } from "@/tests/support/purchases";
import { getDb } from "@/lib/db/client";
import { findOrCreatePlayer } from "@/lib/linking/link-player";
import { payCheckout } from "./pay-checkout";
import { parseCheckoutUrl } from "../checkout/sign-url";
import { startCheckout } from "../checkout/start-checkout";

describe("payCheckout: the payer of a grant", () => {
  it("the grant's own player, signed in, pays with their balance: user_ref and grant_user_ref are theirs", async () => {
    const s = await makeStore();
    const item = await makeProductRow(s.game.id, { vcPrices: [{ currencyId: s.currencyId, amount: 40n }] });
    const grant = await call(createGrant, { headers: idem(s.headers), body: { itemId: item.id, userRef: s.users[0], checkoutMetadata: { k: "v" } } });
    await fund(s.headers, s.currencyId, s.users[0], 100);
    const result = await payCheckout(
      { db: getDb() },
      {
        ref: parseCheckoutUrl(grant.body.checkoutUrl)!,
        method: "vc",
        currencyId: s.currencyId,
        signedInPlayerId: s.playerIds[0],
      },
    );
    expect(result.outcome).toBe("succeeded");
    expect(result.purchase).toMatchObject({ status: "completed", userRef: s.users[0], grantUserRef: s.users[0] });
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(60n);
    const [done] = await eventsOf(s.game.id, "Purchases.Completed");
    expect(done.data).toMatchObject({ user_ref: s.users[0], grant_user_ref: s.users[0], checkout_metadata: { k: "v" } });
  });

  it("wallet and vc are refused to a guest, whatever email is sent, and to a signed-in player on another account's grant; nothing starts", async () => {
    const s = await makeStore();
    const item = await makeProductRow(s.game.id, { vcPrices: [{ currencyId: s.currencyId, amount: 40n }] });
    const victim = await getDb().player.findUniqueOrThrow({ where: { id: s.playerIds[1] } });
    const grant = await call(createGrant, { headers: idem(s.headers), body: { itemId: item.id, email: victim.email } });
    await fund(s.headers, s.currencyId, s.users[1], 100);
    await fund(s.headers, s.currencyId, s.users[0], 100);
    const ref = parseCheckoutUrl(grant.body.checkoutUrl)!;
    for (const method of ["vc", "wallet"] as const) {
      const guest = await payCheckout({ db: getDb() }, { ref, method, currencyId: s.currencyId, email: victim.email }).catch((e) => e);
      expect([guest.status, guest.code, guest.details]).toEqual([403, "SIGN_IN_REQUIRED", [{ field: "method", message: "needs a signed-in player" }]]);
      const other = await payCheckout({ db: getDb() }, { ref, method, currencyId: s.currencyId, signedInPlayerId: s.playerIds[0] }).catch((e) => e);
      expect([other.status, other.code]).toEqual([403, "GRANT_PAYER_MISMATCH"]);
      expect(other.message).toBe(
        `This checkout was made for another account, so it cannot be paid from your ${method === "vc" ? "game balance (virtual currency)" : "wallet"}. Pay by card, or sign in as the account it was made for.`,
      );
    }
    expect(await balanceOf(s.currencyId, s.users[1])).toBe(100n);
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(100n);
    expect(await getDb().purchase.count({ where: { gameId: s.game.id } })).toBe(0);
    expect(await eventsOf(s.game.id)).toEqual([]);
    expect((await getDb().checkoutGrant.findFirstOrThrow({ where: { gameId: s.game.id } })).status).toBe("pending");
    // the other signed-in player may still pay by card, as themselves
    const card = await payCheckout({ db: getDb() }, { ref, method: "card", card: { number: "4242424242424242" }, signedInPlayerId: s.playerIds[0] });
    expect(card.purchase).toMatchObject({ status: "completed", userRef: s.users[0], grantUserRef: grant.body.userRef });
  });

  it("a signed-in player not yet linked to the game pays by card and is linked: user_ref is their new userRef", async () => {
    const s = await makeStore();
    const item = await makeProductRow(s.game.id);
    const grant = await call(createGrant, { headers: idem(s.headers), body: { itemId: item.id } });
    const newcomer = await findOrCreatePlayer({ db: getDb() }, { email: "newcomer@example.com" });
    const result = await payCheckout(
      { db: getDb() },
      {
        ref: parseCheckoutUrl(grant.body.checkoutUrl)!,
        method: "card",
        card: { number: "4242424242424242" },
        signedInPlayerId: newcomer.id,
      },
    );
    const link = await getDb().playerLink.findFirstOrThrow({ where: { playerId: newcomer.id, namespaceId: s.game.id } });
    expect(link.userRef).not.toBe(grant.body.userRef);
    expect(result.purchase).toMatchObject({
      status: "completed",
      userRef: link.userRef,
      playerId: newcomer.id,
      grantUserRef: grant.body.userRef,
      paymentProvider: "sandbox",
    });
  });

  it("an invalid card is refused before anything starts: no purchase, no event, the grant stays pending", async () => {
    const s = await makeStore();
    const item = await makeProductRow(s.game.id);
    const grant = await call(createGrant, { headers: idem(s.headers), body: { itemId: item.id } });
    const err = await payCheckout({ db: getDb() }, { ref: parseCheckoutUrl(grant.body.checkoutUrl)!, method: "card", card: { number: "1234" } }).catch(
      (e) => e,
    );
    expect([err.status, err.code]).toEqual([400, "CARD_INVALID"]);
    expect(await getDb().purchase.count({ where: { gameId: s.game.id } })).toBe(0);
    expect(await eventsOf(s.game.id)).toEqual([]);
    expect((await getDb().checkoutGrant.findFirstOrThrow({ where: { gameId: s.game.id } })).status).toBe("pending");
  });
});

describe("startCheckout: a claimed grant", () => {
  it("may change its payment method (the previous pending purchase is canceled), but not once past its 2 hours", async () => {
    const s = await makeStore();
    const item = await makeProductRow(s.game.id, { vcPrices: [{ currencyId: s.currencyId, amount: 40n }] });
    const grant = await call(createGrant, { headers: idem(s.headers), body: { itemId: item.id, userRef: s.users[0] } });
    const ref = parseCheckoutUrl(grant.body.checkoutUrl)!;
    const first = await startCheckout({ db: getDb() }, { ref, method: "card" });
    const second = await startCheckout({ db: getDb() }, { ref, method: "vc", currencyId: s.currencyId, signedInPlayerId: s.playerIds[0] });
    expect((await getDb().purchase.findUniqueOrThrow({ where: { id: first.id } })).status).toBe("canceled");
    expect(second).toMatchObject({ status: "pending", paymentMethod: "vc", amount: 40n, grantUserRef: grant.body.userRef });
    expect(await getDb().checkoutGrant.findFirstOrThrow({ where: { gameId: s.game.id } })).toMatchObject({ status: "claimed", purchaseId: second.id });
    expect((await eventsOf(s.game.id)).map((e) => e.event)).toEqual(["Purchases.Started", "Purchases.Canceled", "Purchases.Started"]);
    await getDb().checkoutGrant.updateMany({ where: { gameId: s.game.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    const late = await startCheckout({ db: getDb() }, { ref, method: "card" }).catch((e) => e);
    expect([late.status, late.code]).toEqual([410, "CHECKOUT_EXPIRED"]);
    expect((await getDb().purchase.findUniqueOrThrow({ where: { id: second.id } })).status).toBe("pending");
  });
});

import { describe, expect, it } from "vitest";
import { POST as expire } from "./route";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { GET as redirect } from "@/app/api/v1/checkout/redirect/route";
import { POST as complete } from "@/app/api/v1/test-helpers/checkout/complete/route";
import { call } from "@/tests/support/http";
import { makeCampaign, makeGame } from "@/tests/support/fixtures";
import { idem } from "@/tests/support/vc";
import { makeProductRow } from "@/tests/support/purchases";
import { getDb } from "@/lib/db/client";
import { expireCheckoutGrants } from "@/lib/checkout/expire-grants";
import { loadCheckout } from "@/lib/checkout/load-checkout";
import { parseCheckoutUrl } from "@/lib/checkout/sign-url";

const setup = async () => {
  const g = await makeGame();
  const item = await makeProductRow(g.game.id);
  const newGrant = async () =>
    (await call(createGrant, { headers: idem(g.headers), body: { itemId: item.id, checkoutMetadata: { a: 1 } } })).body as {
      checkoutUrl: string;
      userRef: string;
    };
  return { ...g, item, newGrant };
};

describe("POST /v1/test-helpers/checkout-grants/expire", () => {
  it("expires a pending grant and returns it; paying it is then 410 CHECKOUT_EXPIRED", async () => {
    const s = await setup();
    const g = await s.newGrant();
    const res = await call(expire, { headers: s.headers, body: { url: g.checkoutUrl } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "expired", userRef: g.userRef, itemId: s.item.id, checkoutMetadata: { a: 1 }, purchaseId: null });
    expect(new Date(res.body.expiresAt).getTime()).toBeLessThanOrEqual(Date.now());
    const pay = await call(complete, { headers: s.headers, body: { url: g.checkoutUrl, outcome: "succeeded" } });
    expect([pay.status, pay.body.code]).toEqual([410, "CHECKOUT_EXPIRED"]);
    expect(pay.body.error).toContain("create a new one");
    expect(await getDb().purchase.count({ where: { gameId: s.game.id } })).toBe(0);
    const again = await call(expire, { headers: s.headers, body: { url: g.checkoutUrl } });
    expect(again.body.status).toBe("expired");
  });

  it("a completed grant cannot expire (409 GRANT_NOT_PENDING); a redirect URL is 400; another game's or a tampered URL is 404; live keys 404; 401 without a key", async () => {
    const s = await setup();
    const other = await setup();
    const g = await s.newGrant();
    await call(complete, { headers: s.headers, body: { url: g.checkoutUrl, outcome: "succeeded" } });
    const done = await call(expire, { headers: s.headers, body: { url: g.checkoutUrl } });
    expect([done.status, done.body.code]).toEqual([409, "GRANT_NOT_PENDING"]);
    const r = await call(redirect, { headers: s.headers, query: { gameId: s.game.id, itemId: s.item.id } });
    expect((await call(expire, { headers: s.headers, body: { url: r.body.body.url } })).status).toBe(400);
    const theirs = await other.newGrant();
    expect((await call(expire, { headers: s.headers, body: { url: theirs.checkoutUrl } })).status).toBe(404);
    expect((await call(expire, { headers: s.headers, body: { url: theirs.checkoutUrl.slice(0, -4) + "0000" } })).status).toBe(404);
    expect((await call(expire, { headers: (await makeGame({ environment: "live" })).headers, body: { url: theirs.checkoutUrl } })).status).toBe(404);
    expect((await call(expire, { body: { url: theirs.checkoutUrl } })).status).toBe(401);
    expect((await call(expire, { headers: (await makeCampaign()).headers, body: { url: theirs.checkoutUrl } })).status).toBe(401);
    expect((await call(expire, { headers: s.headers, body: {} })).body.details[0].field).toBe("url");
    expect((await getDb().checkoutGrant.findFirstOrThrow({ where: { gameId: other.game.id } })).status).toBe("pending");
  });
});

describe("grant expiry after 2 hours", () => {
  it("the sweep expires pending grants past expiresAt only; a read expires one on the spot", async () => {
    const s = await setup();
    const [old, fresh, claimed, onRead] = [await s.newGrant(), await s.newGrant(), await s.newGrant(), await s.newGrant()];
    const id = (u: string) => (parseCheckoutUrl(u) as { grantId: string }).grantId;
    const past = new Date(Date.now() - 1000);
    await getDb().checkoutGrant.updateMany({
      where: { id: { in: [id(old.checkoutUrl), id(claimed.checkoutUrl), id(onRead.checkoutUrl)] } },
      data: { expiresAt: past },
    });
    await getDb().checkoutGrant.update({ where: { id: id(claimed.checkoutUrl) }, data: { status: "claimed" } });
    const c = await loadCheckout({ db: getDb() }, { ref: { kind: "grant", grantId: id(onRead.checkoutUrl) } });
    expect([c.state, c.grant?.status]).toEqual(["expired", "expired"]);
    expect(await expireCheckoutGrants({ db: getDb() })).toBe(1);
    const rows = await getDb().checkoutGrant.findMany({ where: { gameId: s.game.id } });
    const statusOf = (u: string) => rows.find((r) => r.id === id(u))?.status;
    expect([statusOf(old.checkoutUrl), statusOf(fresh.checkoutUrl), statusOf(claimed.checkoutUrl), statusOf(onRead.checkoutUrl)]).toEqual([
      "expired",
      "pending",
      "claimed",
      "expired",
    ]);
    expect(await expireCheckoutGrants({ db: getDb() })).toBe(0);
  });
});

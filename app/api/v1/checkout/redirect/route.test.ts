import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { call } from "@/tests/support/http";
import { makeCampaign, makeGame } from "@/tests/support/fixtures";
import { makeDealRow, makeProductRow } from "@/tests/support/purchases";
import { getDb } from "@/lib/db/client";

const setup = async () => {
  const g = await makeGame();
  return { ...g, item: await makeProductRow(g.game.id) };
};
const sessionsOf = (gameId: string) => getDb().checkoutSession.findMany({ where: { gameId } });

describe("GET /v1/checkout/redirect", () => {
  it("200 {status 302, headers {Location}, body {url}}: a hosted checkout session with the deal, method and return URL", async () => {
    const s = await setup();
    await makeDealRow(s.item, { code: "HALF", overridePrice: 250n });
    const res = await call(GET, {
      headers: s.headers,
      query: { gameId: s.game.id, itemId: s.item.id, checkoutmethod: "card", dealCode: "half", redirectUrl: "https://game.example/back?x=1" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 302,
      headers: { Location: res.body.body.url },
      body: { url: expect.stringMatching(/^http:\/\/[^/]+\/checkout\/r\/cks_test_[0-9a-f]{48}$/) },
    });
    const [session] = await sessionsOf(s.game.id);
    expect(session).toMatchObject({
      token: res.body.body.url.split("/").pop(),
      productId: s.item.id,
      dealCode: "HALF",
      checkoutMethod: "card",
      redirectUrl: "https://game.example/back?x=1",
      status: "open",
      environment: "test",
    });
  });

  it("400 INVALID_DEAL for an unknown or inactive deal (nothing created)", async () => {
    const s = await setup();
    await makeDealRow(s.item, { code: "OFF", overridePrice: 1n, status: "inactive" });
    for (const dealCode of ["NOPE", "OFF"]) {
      const res = await call(GET, { headers: s.headers, query: { gameId: s.game.id, itemId: s.item.id, dealCode } });
      expect([res.status, res.body.code]).toEqual([400, "INVALID_DEAL"]);
    }
    expect(await sessionsOf(s.game.id)).toHaveLength(0);
  });

  it("404 unknown or another game's item, 403 not visible, 410 not for sale", async () => {
    const s = await setup();
    const other = await setup();
    const hidden = await makeProductRow(s.game.id, { isVisible: false });
    const off = await makeProductRow(s.game.id, { forSale: false });
    const q = async (itemId: string, gameId = s.game.id) => {
      const r = await call(GET, { headers: s.headers, query: { gameId, itemId } });
      return [r.status, r.body.code];
    };
    expect(await q("nope")).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect(await q(other.item.id)).toEqual([403, "ITEM_OF_ANOTHER_GAME"]);
    expect(await q(other.item.id, other.game.id)).toEqual([403, "GAME_MISMATCH"]);
    expect(await q(hidden.id)).toEqual([403, "ITEM_NOT_VISIBLE"]);
    expect(await q(off.id)).toEqual([410, "ITEM_NOT_FOR_SALE"]);
    expect(await getDb().checkoutSession.count({ where: { gameId: { in: [s.game.id, other.game.id] } } })).toBe(0);
  });

  it("400 VALIDATION_ERROR naming an unknown checkoutmethod or a non-http(s) redirectUrl; 401 without a key or with a campaign key", async () => {
    const s = await setup();
    const bad = await call(GET, {
      headers: s.headers,
      query: { gameId: s.game.id, itemId: s.item.id, checkoutmethod: "paypal", redirectUrl: "javascript:alert(1)" },
    });
    expect([bad.status, bad.body.code]).toEqual([400, "VALIDATION_ERROR"]);
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(["checkoutmethod", "redirectUrl"]);
    expect(bad.body.error).toContain("card, wallet, vc");
    for (const m of ["card", "wallet", "vc"])
      expect((await call(GET, { headers: s.headers, query: { gameId: s.game.id, itemId: s.item.id, checkoutmethod: m } })).status).toBe(200);
    expect((await call(GET, { query: { gameId: s.game.id, itemId: s.item.id } })).status).toBe(401);
    expect((await call(GET, { headers: (await makeCampaign()).headers, query: { gameId: s.game.id, itemId: s.item.id } })).status).toBe(401);
    expect(await sessionsOf(s.game.id)).toHaveLength(3);
  });
});

import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { DELETE, GET, PATCH } from "./route";
import { POST as CREATE, GET as LIST } from "../route";
import { call } from "@/tests/support/http";
import { expectBusinessAuth, expectScopeRefusals, idem, makeBusinessTenant } from "@/tests/support/business";
import { makeProduct } from "@/tests/support/products";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { issueApiKey } from "@/lib/tenants/issue-api-key";

const currencyOf = (gameId: string) => {
  const code = `C${randomBytes(2).toString("hex")}`;
  return getDb().virtualCurrency.create({ data: { id: newId(), gameId, environment: "test", code, name: `Coin ${code}` } });
};

type Tenant = Awaited<ReturnType<typeof makeBusinessTenant>>;
const makeItem = async (t: Tenant, body: Record<string, unknown> = {}) => {
  const res = await call(CREATE, { headers: idem(t.tb), body: { gameId: t.game.id, name: "Sword", type: "consumable", price: 300, ...body } });
  if (res.status !== 201) throw new Error(res.text);
  return res.body;
};
const rowOf = (id: string) => getDb().product.findUniqueOrThrow({ where: { id }, include: { vcPrices: true } });

describe("GET /v1/platform/items/{itemId}", () => {
  it("the item; another business's item, and a product the game made itself, are 404 PRODUCT_NOT_FOUND", async () => {
    const t = await makeBusinessTenant();
    const item = await makeItem(t, { metadata: { a: 1 } });
    const res = await call(GET, { headers: t.tb, params: { itemId: item._id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(item);
    const other = await makeBusinessTenant();
    const foreign = await call(GET, { headers: other.tb, params: { itemId: item._id } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "PRODUCT_NOT_FOUND"]);
    const { rawKey } = await issueApiKey({ db: getDb() }, { kind: "server", environment: "test", gameId: t.game.id });
    const gameProduct = await makeProduct({ authorization: `Bearer ${rawKey}`, "x-game-id": t.game.id });
    expect((await call(GET, { headers: t.tb, params: { itemId: gameProduct._id } })).body.code).toBe("PRODUCT_NOT_FOUND");
  });

  it("refuses strangers and each set lacking item:read", async () => {
    const t = await makeBusinessTenant();
    const item = await makeItem(t);
    await expectBusinessAuth(GET, { params: { itemId: item._id } }, t.tb);
    await expectScopeRefusals("item:read", (x) => call(GET, { headers: x.tb, params: { itemId: item._id } }));
  });
});

describe("PATCH /v1/platform/items/{itemId}", () => {
  it("changes only the fields sent; hasUsdPrice false removes the USD price; a grant field alone keeps the other; isVisible stays false", async () => {
    const t = await makeBusinessTenant();
    const gems = await currencyOf(t.game.id);
    const gold = await currencyOf(t.game.id);
    const item = await makeItem(t, {
      fulfillmentType: "GRANT_VIRTUAL_CURRENCY",
      grantVirtualCurrencyId: gems.id,
      grantAmount: 10,
      virtualCurrencyPrices: [[gold.id, 7]],
      metadata: { keep: true },
    });
    const renamed = await call(PATCH, {
      headers: idem(t.tb),
      params: { itemId: item._id },
      body: { name: "Great sword", description: "Sharp", isVisible: true },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...item, name: "Great sword", description: "Sharp", updatedAt: expect.any(String) });
    const more = await call(PATCH, {
      headers: idem(t.tb),
      params: { itemId: item._id },
      body: { grantAmount: "25", hasUsdPrice: false, perUserLimit: 3, forSale: false },
    });
    expect(more.body).toMatchObject({
      hasUsdPrice: false,
      price: 0,
      grantVirtualCurrencyId: gems.id,
      grantAmount: 25,
      perUserLimit: 3,
      forSale: false,
      isVisible: false,
      virtualCurrencyPrices: [[gold.id, 7]],
      metadata: { keep: true },
    });
    const reset = await call(PATCH, { headers: idem(t.tb), params: { itemId: item._id }, body: { price: 150, perUserLimit: 0, virtualCurrencyPrices: [] } });
    expect(reset.body).toMatchObject({ hasUsdPrice: true, price: 150, perUserLimit: 0, virtualCurrencyPrices: [] });
    const row = await rowOf(item._id);
    expect(row).toMatchObject({ name: "Great sword", priceCents: 150, perUserLimit: null, grantAmountUnits: 25n, isVisible: false, creatorType: "platform" });
    expect(row.vcPrices).toEqual([]);
  });

  it("400 naming the field (the product rules in the item's words); 404 for another business's item; nothing changes", async () => {
    const t = await makeBusinessTenant();
    const coin = await currencyOf(t.game.id);
    const item = await makeItem(t);
    const before = await rowOf(item._id);
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{}, 400, "body", "at least one field"],
      [{ gameId: t.game.id }, 400, "gameId", "cannot be changed"],
      [{ hasUsdPrice: false }, 400, "price", "required"],
      [{ hasUsdPrice: false, price: 10 }, 400, "price", "omitted"],
      [{ fulfillmentType: "GRANT_VIRTUAL_CURRENCY" }, 400, "grantVirtualCurrencyId", "required for fulfillmentType"],
      [{ grantAmount: 5 }, 400, "grantVirtualCurrencyId", "no grant currency"],
      [{ virtualCurrencyPrices: [["nope", 3]] }, 404, "virtualCurrencyPrices.0.0", "not a currency of this game"],
      [{ name: 5 }, 400, "name", "string"],
    ];
    for (const [body, status, field, words] of cases) {
      const res = await call(PATCH, { headers: idem(t.tb), params: { itemId: item._id }, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      const detail = res.body.details?.find((d: { field: string }) => d.field === field);
      expect(detail?.message ?? "", `${JSON.stringify(body)} → ${res.text}`).toContain(words);
    }
    const other = await makeBusinessTenant();
    const foreign = await call(PATCH, {
      headers: idem(other.tb),
      params: { itemId: item._id },
      body: { name: "Stolen", virtualCurrencyPrices: [[coin.id, 1]] },
    });
    expect([foreign.status, foreign.body.code]).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect(await rowOf(item._id)).toEqual(before);
  });

  it("a replay is the first answer; the key with another body is 422", async () => {
    const t = await makeBusinessTenant();
    const item = await makeItem(t);
    const headers = idem(t.tb);
    const first = await call(PATCH, { headers, params: { itemId: item._id }, body: { name: "One" } });
    await call(PATCH, { headers: idem(t.tb), params: { itemId: item._id }, body: { name: "Two" } });
    const replay = await call(PATCH, { headers, params: { itemId: item._id }, body: { name: "One" } });
    expect([replay.text, replay.headers.get("idempotent-replayed")]).toEqual([first.text, "true"]);
    expect((await rowOf(item._id)).name).toBe("Two");
    expect((await call(PATCH, { headers, params: { itemId: item._id }, body: { name: "Three" } })).body.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("refuses strangers and each set lacking item:update", async () => {
    const t = await makeBusinessTenant();
    const item = await makeItem(t);
    await expectBusinessAuth(PATCH, { params: { itemId: item._id }, body: { name: "X" } }, idem(t.tb));
    await expectScopeRefusals("item:update", (x) => call(PATCH, { headers: idem(x.tb), params: { itemId: item._id }, body: { name: "X" } }));
    expect((await rowOf(item._id)).name).toBe("Sword");
  });
});

describe("DELETE /v1/platform/items/{itemId}", () => {
  it("archives: not for sale, not listed, still readable; archived items cannot change; deleting again changes nothing", async () => {
    const t = await makeBusinessTenant();
    const item = await makeItem(t);
    const res = await call(DELETE, { headers: t.tb, params: { itemId: item._id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...item, status: "archived", forSale: false, updatedAt: expect.any(String) });
    expect(await rowOf(item._id)).toMatchObject({ status: "archived", forSale: false, isVisible: false });
    expect((await call(LIST, { headers: t.tb })).body.items).toEqual([]);
    expect((await call(GET, { headers: t.tb, params: { itemId: item._id } })).body.status).toBe("archived");
    const patch = await call(PATCH, { headers: idem(t.tb), params: { itemId: item._id }, body: { forSale: true } });
    expect([patch.status, patch.body.code]).toEqual([409, "PRODUCT_STATE_CONFLICT"]);
    const again = await call(DELETE, { headers: t.tb, params: { itemId: item._id } });
    expect([again.status, again.body]).toEqual([200, res.body]);
  });

  it("another business's item is 404 and stays active; strangers and each set lacking item:update are refused", async () => {
    const t = await makeBusinessTenant();
    const item = await makeItem(t);
    const other = await makeBusinessTenant();
    const foreign = await call(DELETE, { headers: other.tb, params: { itemId: item._id } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "PRODUCT_NOT_FOUND"]);
    await expectBusinessAuth(DELETE, { params: { itemId: item._id } }, t.tb);
    await expectScopeRefusals("item:update", (x) => call(DELETE, { headers: x.tb, params: { itemId: item._id } }));
    expect((await rowOf(item._id)).status).toBe("active");
  });
});

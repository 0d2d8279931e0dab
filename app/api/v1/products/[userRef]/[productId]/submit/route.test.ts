import { describe, expect, it } from "vitest";
import { POST as submit } from "./route";
import { POST as createUgc } from "../../route";
import { call } from "@/tests/support/http";
import { linkUser } from "@/tests/support/fixtures";
import { campaignHeaders, idem, makeProduct, makeShop, productSnapshot } from "@/tests/support/products";

const draftOf = async (headers: Record<string, string>, userRef: string) =>
  (await call(createUgc, { headers: idem(headers), params: { userRef }, body: { name: "Hat", type: "purchase", price: 300 } })).body;

describe("POST /v1/products/{userRef}/{productId}/submit", () => {
  it("a draft becomes submitted and the product is returned", async () => {
    const { headers, userRef } = await makeShop();
    const draft = await draftOf(headers, userRef);
    const res = await call(submit, { headers: idem(headers), params: { userRef, productId: draft._id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...draft, status: "submitted", submittedAt: expect.any(String), updatedAt: expect.any(String) });
  });

  it("404 for another creator's product, a game product and another game's product, with nothing changed", async () => {
    const a = await makeShop();
    const b = await makeShop();
    const other = await linkUser(a.game.id);
    const draft = await draftOf(a.headers, a.userRef);
    const gameProduct = await makeProduct(a.headers);
    const before = await productSnapshot(a.game.id);
    for (const [headers, userRef, productId] of [
      [a.headers, other, draft._id],
      [a.headers, a.userRef, gameProduct._id],
      [b.headers, b.userRef, draft._id],
    ] as const) {
      const res = await call(submit, { headers: idem(headers), params: { userRef, productId } });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("PRODUCT_NOT_FOUND");
    }
    expect(await productSnapshot(a.game.id)).toEqual(before);
  });

  it("400 without an Idempotency-Key; 401 without a key or with a campaign key; a replay changes once", async () => {
    const { headers, userRef } = await makeShop();
    const draft = await draftOf(headers, userRef);
    const params = { userRef, productId: draft._id };
    expect((await call(submit, { headers, params })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect((await call(submit, { params })).status).toBe(401);
    expect((await call(submit, { headers: idem(await campaignHeaders()), params })).status).toBe(401);
    const h = idem(headers);
    const first = await call(submit, { headers: h, params });
    const replay = await call(submit, { headers: h, params });
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });

  it("two concurrent submits with different keys: one succeeds, the other is 409", async () => {
    const { headers, userRef } = await makeShop();
    const draft = await draftOf(headers, userRef);
    const results = await Promise.all([1, 2].map(() => call(submit, { headers: idem(headers), params: { userRef, productId: draft._id } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

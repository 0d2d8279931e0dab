import { describe, expect, it } from "vitest";
import { POST as review } from "./route";
import { POST as submit } from "../submit/route";
import { POST as createUgc } from "../../route";
import { GET as getProduct } from "../../../../product/[productId]/route";
import { call } from "@/tests/support/http";
import { campaignHeaders, idem, makeShop, productSnapshot } from "@/tests/support/products";

const draftOf = async (headers: Record<string, string>, userRef: string, body: Record<string, unknown> = {}) =>
  (await call(createUgc, { headers: idem(headers), params: { userRef }, body: { name: "Hat", type: "purchase", price: 300, ...body } })).body;

describe("UGC lifecycle: submit and review", () => {
  it("draft → submitted → active with overrides applied", async () => {
    const { headers, userRef, gems, gold } = await makeShop();
    const draft = await draftOf(headers, userRef, { virtualCurrencyPrices: [{ currencyId: gems._id, amount: 40 }] });
    const submitted = await call(submit, { headers: idem(headers), params: { userRef, productId: draft._id } });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({
      _id: draft._id,
      status: "submitted",
      isVisible: false,
      forSale: false,
      submittedAt: expect.any(String),
      reviewedAt: null,
    });
    const approved = await call(review, {
      headers: idem(headers),
      params: { userRef, productId: draft._id },
      body: { decision: "approve", isVisible: true, forSale: false, price: 500, virtualCurrencyPrices: [{ currencyId: gold._id, amount: 9 }] },
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: "active",
      isVisible: true,
      forSale: false,
      price: 500,
      hasUsdPrice: true,
      virtualCurrencyPrices: [{ currencyId: gold._id, amount: 9, currency: { code: gold.code, name: "Gold" } }],
      virtualCurrencyDetails: [{ _id: gold._id, code: gold.code, name: "Gold" }],
      reviewedAt: expect.any(String),
      creatorType: "ugc",
      creatorUserRef: userRef,
    });
    expect((await call(getProduct, { headers, params: { productId: draft._id } })).body).toEqual(approved.body);
  });

  it("an approval whose override names another game's currency is 404 and changes nothing (the product stays submitted)", async () => {
    const a = await makeShop();
    const b = await makeShop();
    const draft = await draftOf(a.headers, a.userRef);
    await call(submit, { headers: idem(a.headers), params: { userRef: a.userRef, productId: draft._id } });
    const before = await productSnapshot(a.game.id);
    const res = await call(review, {
      headers: idem(a.headers),
      params: { userRef: a.userRef, productId: draft._id },
      body: { decision: "approve", virtualCurrencyPrices: [{ currencyId: b.gems._id, amount: 1 }] },
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "CURRENCY_NOT_FOUND", details: [{ field: "virtualCurrencyPrices.0.currencyId" }] });
    expect(await productSnapshot(a.game.id)).toEqual(before);
  });

  it("approval without overrides makes the product visible and for sale at the creator's prices", async () => {
    const { headers, userRef } = await makeShop();
    const draft = await draftOf(headers, userRef);
    await call(submit, { headers: idem(headers), params: { userRef, productId: draft._id } });
    const res = await call(review, { headers: idem(headers), params: { userRef, productId: draft._id }, body: { decision: "approve" } });
    expect(res.body).toMatchObject({ status: "active", isVisible: true, forSale: true, price: 300 });
  });

  it("decline → declined with the reason; the creator may submit again; overrides on a decline are 400", async () => {
    const { headers, userRef } = await makeShop();
    const draft = await draftOf(headers, userRef);
    await call(submit, { headers: idem(headers), params: { userRef, productId: draft._id } });
    const withOverride = await call(review, {
      headers: idem(headers),
      params: { userRef, productId: draft._id },
      body: { decision: "decline", forSale: true },
    });
    expect(withOverride.status).toBe(400);
    expect(withOverride.body.details).toEqual([{ field: "forSale", message: "applies only to decision 'approve'" }]);
    const declined = await call(review, {
      headers: idem(headers),
      params: { userRef, productId: draft._id },
      body: { decision: "decline", reason: "Blurry image" },
    });
    expect(declined.body).toMatchObject({ status: "declined", reviewNote: "Blurry image", isVisible: false, forSale: false, price: 300 });
    const again = await call(submit, { headers: idem(headers), params: { userRef, productId: draft._id } });
    expect(again.body).toMatchObject({ status: "submitted", reviewNote: null });
  });

  it("409 PRODUCT_STATE_CONFLICT for a review of a draft, a second submit, and a review of an active product; nothing changed", async () => {
    const { headers, game, userRef } = await makeShop();
    const draft = await draftOf(headers, userRef);
    const before = await productSnapshot(game.id);
    const early = await call(review, { headers: idem(headers), params: { userRef, productId: draft._id }, body: { decision: "approve" } });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: "PRODUCT_STATE_CONFLICT", error: "Cannot approve a product in status 'draft'; it must be 'submitted'." });
    expect(await productSnapshot(game.id)).toEqual(before);
    await call(submit, { headers: idem(headers), params: { userRef, productId: draft._id } });
    expect((await call(submit, { headers: idem(headers), params: { userRef, productId: draft._id } })).status).toBe(409);
    await call(review, { headers: idem(headers), params: { userRef, productId: draft._id }, body: { decision: "approve" } });
    const late = await call(review, { headers: idem(headers), params: { userRef, productId: draft._id }, body: { decision: "decline" } });
    expect(late.status).toBe(409);
    expect((await call(submit, { headers: idem(headers), params: { userRef, productId: draft._id } })).body.code).toBe("PRODUCT_STATE_CONFLICT");
  });

  it("review: 400 naming the field, 404 for another game, 401 without a key or with a campaign key, a replay applies once", async () => {
    const a = await makeShop();
    const b = await makeShop();
    const draft = await draftOf(a.headers, a.userRef);
    const params = { userRef: a.userRef, productId: draft._id };
    await call(submit, { headers: idem(a.headers), params });
    const bad = await call(review, { headers: idem(a.headers), params, body: { decision: "maybe", price: -1 } });
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(["decision", "price"]);
    const before = await productSnapshot(a.game.id);
    expect(
      (await call(review, { headers: idem(b.headers), params: { userRef: b.userRef, productId: draft._id }, body: { decision: "approve" } })).body.code,
    ).toBe("PRODUCT_NOT_FOUND");
    expect((await call(review, { headers: idem(b.headers), params, body: { decision: "approve" } })).body.code).toBe("USER_REF_NOT_FOUND");
    expect((await call(review, { params, body: { decision: "approve" } })).status).toBe(401);
    expect((await call(review, { headers: idem(await campaignHeaders()), params, body: { decision: "approve" } })).status).toBe(401);
    expect((await call(review, { headers: a.headers, params, body: { decision: "approve" } })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect(await productSnapshot(a.game.id)).toEqual(before);
    const h = idem(a.headers);
    const first = await call(review, { headers: h, params, body: { decision: "approve" } });
    const replay = await call(review, { headers: h, params, body: { decision: "approve" } });
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(first.text);
    expect((await call(review, { headers: h, params, body: { decision: "decline" } })).body.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });
});

// The player-made product review queue in the portal, against PostgreSQL: a product a player made and
// submitted through the API waits in the queue with its image; approval (with the overrides the review route
// allows) makes it active, visible and for sale; a decline needs a reason, which the creator reads as
// reviewNote; both go through reviewUgcProduct, are audited, and are refused (nothing changed) for viewers,
// finance, strangers and the signed-out.
import { describe, expect, it } from "vitest";
import { POST as CREATE_UGC } from "@/app/api/v1/products/[userRef]/route";
import { POST as SUBMIT_UGC } from "@/app/api/v1/products/[userRef]/[productId]/submit/route";
import { POST as REVIEW_UGC } from "@/app/api/v1/products/[userRef]/[productId]/review/route";
import { getDb } from "@/lib/db/client";
import { call } from "@/tests/support/http";
import { as, auditOf, catalogueTenant, refusal } from "@/tests/support/portal-catalogue";
import { idem, makeProduct, productSnapshot } from "@/tests/support/products";
import { loadPortalReviews } from "./load-portal-reviews";
import { reviewPortalProduct, type ApproveForm } from "./review-portal-product";

const db = getDb();

const setup = async () => {
  const t = await catalogueTenant();
  const ugc = async (name: string, submit = true) => {
    const made = await call(CREATE_UGC, {
      headers: idem(t.shop.headers),
      params: { userRef: t.shop.userRef },
      body: {
        name,
        type: "purchase",
        price: 250,
        imageUrl: "https://cdn.example/hat.png",
        virtualCurrencyPrices: [{ currencyId: t.shop.gems._id, amount: 30 }],
      },
    });
    expect(made.status, made.text).toBe(201);
    if (submit) {
      const sent = await call(SUBMIT_UGC, { headers: idem(t.shop.headers), params: { userRef: t.shop.userRef, productId: made.body._id } });
      expect(sent.status, sent.text).toBe(200);
    }
    return made.body as { _id: string };
  };
  return { ...t, ugc, gameId: t.shop.game.id };
};

const approve = (over: Partial<ApproveForm> = {}): ApproveForm => ({ isVisible: "on", forSale: "on", price: "250", vcPrices: {}, ...over });

describe("the review queue", () => {
  it("shows each game's submitted player-made products with their images, and the latest decisions", async () => {
    const t = await setup();
    const hat = await t.ugc("Wizard hat");
    await t.ugc("Draft cape", false);
    await makeProduct(t.shop.headers, { name: "Game sword" });
    const page = await loadPortalReviews(as(t.finance), { businessId: t.businessId, environment: "test" });
    expect(page.games).toHaveLength(1);
    const g = page.games[0]!;
    expect(g.pendingCount).toBe(1);
    expect(g.pending).toEqual([
      expect.objectContaining({
        _id: hat._id,
        name: "Wizard hat",
        status: "submitted",
        creatorType: "ugc",
        creatorUserRef: t.shop.userRef,
        imageUrl: "https://cdn.example/hat.png",
        price: 250,
        virtualCurrencyPrices: [expect.objectContaining({ currencyId: t.shop.gems._id, amount: 30 })],
      }),
    ]);
    expect(g.currencies.map((c) => c.code).sort()).toEqual([t.shop.gems.code, t.shop.gold.code].sort());
    expect(g.decided).toEqual([]);
    await reviewPortalProduct(as(t.developer), { businessId: t.businessId, productId: hat._id, decision: "approve", form: approve() });
    const after = (await loadPortalReviews(as(t.viewer), { businessId: t.businessId, environment: "test" })).games[0]!;
    expect(after.pending).toEqual([]);
    expect(after.decided.map((p) => [p._id, p.status])).toEqual([[hat._id, "active"]]);
    expect((await loadPortalReviews(as(t.viewer), { businessId: t.businessId, environment: "live" })).games).toEqual([]);
    expect(await refusal(loadPortalReviews(as(t.stranger), { businessId: t.businessId, environment: "test" }))).toMatchObject({
      code: "BUSINESS_NOT_FOUND",
      status: 404,
    });
    expect(await refusal(loadPortalReviews(as(null), { businessId: t.businessId, environment: "test" }))).toMatchObject({
      code: "ADMIN_SIGN_IN_REQUIRED",
      status: 401,
    });
  });

  it("approves with the overrides (visibility, sale flag, USD and VC prices) through reviewUgcProduct; audited", async () => {
    const t = await setup();
    const hat = await t.ugc("Wizard hat");
    const cape = await t.ugc("Cape");
    const approved = await reviewPortalProduct(as(t.developer), {
      businessId: t.businessId,
      productId: hat._id,
      decision: "approve",
      form: approve({ forSale: "", price: "", vcPrices: { [t.shop.gems._id]: "", [t.shop.gold._id]: "12" } }),
    });
    expect(approved).toMatchObject({
      _id: hat._id,
      status: "active",
      isVisible: true,
      forSale: false,
      hasUsdPrice: false,
      virtualCurrencyPrices: [{ currencyId: t.shop.gold._id, amount: 12 }],
    });
    expect(approved.reviewedAt).not.toBeNull();
    const plain = await reviewPortalProduct(as(t.owner), {
      businessId: t.businessId,
      productId: cape._id,
      decision: "approve",
      form: approve({ vcPrices: { [t.shop.gems._id]: "30" } }),
    });
    expect(plain).toMatchObject({
      status: "active",
      isVisible: true,
      forSale: true,
      price: 250,
      virtualCurrencyPrices: [{ currencyId: t.shop.gems._id, amount: 30 }],
    });
    const audit = await auditOf(t.businessId);
    expect(audit.map((a) => [a.action, a.objectId, a.actorId])).toEqual([
      ["product.approved", hat._id, t.developer.email],
      ["product.approved", cape._id, t.owner.email],
    ]);
    expect(audit[0]!.details).toEqual({
      gameId: t.gameId,
      creatorUserRef: t.shop.userRef,
      overrides: { isVisible: true, forSale: false, price: null, virtualCurrencyPrices: [{ currencyId: t.shop.gold._id, amount: 12 }] },
    });
    // decided: a second decision is the API's 409
    expect(
      await refusal(reviewPortalProduct(as(t.developer), { businessId: t.businessId, productId: hat._id, decision: "decline", reason: "No." })),
    ).toMatchObject({
      code: "PRODUCT_STATE_CONFLICT",
      status: 409,
    });
  });

  it("declines with a reason the creator reads; no reason is refused; bad overrides get the API's details", async () => {
    const t = await setup();
    const hat = await t.ugc("Wizard hat");
    const before = await productSnapshot(t.gameId);
    expect(
      await refusal(reviewPortalProduct(as(t.developer), { businessId: t.businessId, productId: hat._id, decision: "decline", reason: "  " })),
    ).toMatchObject({
      code: "VALIDATION_ERROR",
      status: 400,
      details: [{ field: "reason", message: "is required when declining: tell the creator what to change" }],
    });
    const bad = await refusal(
      reviewPortalProduct(as(t.developer), {
        businessId: t.businessId,
        productId: hat._id,
        decision: "approve",
        form: approve({ price: "1.5", vcPrices: { [t.shop.gems._id]: "0" } }),
      }),
    );
    const api = await call(REVIEW_UGC, {
      headers: idem(t.shop.headers),
      params: { userRef: t.shop.userRef, productId: hat._id },
      body: { decision: "approve", isVisible: true, forSale: true, price: 1.5, virtualCurrencyPrices: [{ currencyId: t.shop.gems._id, amount: 0 }] },
    });
    expect(api.status).toBe(400);
    expect(bad).toMatchObject({ code: "VALIDATION_ERROR", status: 400 });
    expect(bad.details).toEqual(api.body.details);
    expect(
      await refusal(reviewPortalProduct(as(t.developer), { businessId: t.businessId, productId: hat._id, decision: "approve", form: approve({ price: "" }) })),
    ).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "price" }],
    });
    expect(await productSnapshot(t.gameId)).toEqual(before);

    const declined = await reviewPortalProduct(as(t.developer), {
      businessId: t.businessId,
      productId: hat._id,
      decision: "decline",
      reason: "The image is blurry.",
    });
    expect(declined).toMatchObject({ status: "declined", reviewNote: "The image is blurry.", isVisible: false, forSale: false });
    expect((await auditOf(t.businessId)).map((a) => [a.action, a.details])).toEqual([
      ["product.declined", { gameId: t.gameId, creatorUserRef: t.shop.userRef, reason: "The image is blurry." }],
    ]);
  });

  it("refuses viewers and finance (403), strangers and another business (404), a game's own product (404) and nobody (401), nothing changed", async () => {
    const t = await setup();
    const hat = await t.ugc("Wizard hat");
    const own = await makeProduct(t.shop.headers, { name: "Game sword" });
    const before = await productSnapshot(t.gameId);
    const runs = [
      (who: Parameters<typeof as>[0], businessId = t.businessId, productId = hat._id) =>
        reviewPortalProduct(as(who), { businessId, productId, decision: "approve", form: approve() }),
      (who: Parameters<typeof as>[0], businessId = t.businessId, productId = hat._id) =>
        reviewPortalProduct(as(who), { businessId, productId, decision: "decline", reason: "No." }),
    ];
    for (const run of runs) {
      for (const who of [t.viewer, t.finance]) expect(await refusal(run(who))).toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
      expect(await refusal(run(t.stranger))).toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
      expect(await refusal(run(t.stranger, t.other.id))).toMatchObject({ code: "PRODUCT_NOT_FOUND", status: 404 });
      expect(await refusal(run(null))).toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
      expect(await refusal(run(t.developer, t.businessId, own._id))).toMatchObject({ code: "PRODUCT_NOT_FOUND", status: 404 });
    }
    expect(await productSnapshot(t.gameId)).toEqual(before);
    expect(await auditOf(t.businessId)).toEqual([]);
    expect((await db.product.findUniqueOrThrow({ where: { id: hat._id } })).status).toBe("submitted");
  });
});

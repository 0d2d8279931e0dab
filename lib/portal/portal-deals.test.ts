// Deals in the portal, against PostgreSQL: create (USD or one virtual currency, codes unique per item in any
// case) with the deal rules of createDeal and the API's validation details, edit the whole deal, activate and
// deactivate (a deactivated code is refused at checkout as INVALID_DEAL), an audit entry per change, and every
// refusal with nothing changed.
import { describe, expect, it } from "vitest";
import { POST as CREATE_DEAL } from "@/app/api/v1/test-helpers/deals/route";
import { getDb } from "@/lib/db/client";
import { validateDeal } from "@/lib/deals/validate-deal";
import { call } from "@/tests/support/http";
import { as, auditOf, catalogueTenant, refusal } from "@/tests/support/portal-catalogue";
import { idem, makeProduct, productSnapshot } from "@/tests/support/products";
import { createPortalDeal } from "./create-portal-deal";
import type { DealForm } from "./deal-form";
import { loadPortalDeals } from "./load-portal-deals";
import { updatePortalDeal } from "./update-portal-deal";

const db = getDb();
const dealForm = (over: Partial<DealForm> = {}): DealForm => ({
  code: "LAUNCH40",
  currencyId: "",
  overridePrice: "299",
  status: "active",
  metadata: "",
  ...over,
});

const setup = async () => {
  const t = await catalogueTenant();
  const item = await makeProduct(t.shop.headers, { name: "Sword", price: 499, virtualCurrencyPrices: [{ currencyId: t.shop.gems._id, amount: 100 }] });
  const other = await makeProduct(t.shop.headers, { name: "Shield", price: 800 });
  return { ...t, item, otherItem: other, gameId: t.shop.game.id };
};

describe("creating deals in the portal", () => {
  it("makes USD and virtual-currency deals through createDeal, lists them per game, and audits each", async () => {
    const t = await setup();
    const usd = await createPortalDeal(as(t.developer), {
      businessId: t.businessId,
      gameId: t.gameId,
      itemId: t.item._id,
      form: dealForm({ metadata: '{"campaign":"launch"}' }),
    });
    expect(usd).toMatchObject({
      code: "LAUNCH40",
      itemId: t.item._id,
      gameId: t.gameId,
      currencyType: "USD",
      currencyId: null,
      overridePrice: 299,
      status: "active",
      metadata: { campaign: "launch" },
    });
    const vc = await createPortalDeal(as(t.owner), {
      businessId: t.businessId,
      gameId: t.gameId,
      itemId: t.item._id,
      form: dealForm({ code: "GEMSALE", currencyId: t.shop.gems._id, overridePrice: "60", status: "inactive" }),
    });
    expect(vc).toMatchObject({ currencyType: "VC", currencyId: t.shop.gems._id, overridePrice: 60, status: "inactive", metadata: null });
    // the same code on another item is another deal
    await createPortalDeal(as(t.developer), { businessId: t.businessId, gameId: t.gameId, itemId: t.otherItem._id, form: dealForm() });

    const page = await loadPortalDeals(as(t.viewer), { businessId: t.businessId, environment: "test" });
    expect(page.games).toHaveLength(1);
    expect(page.games[0]!.items.map((i) => i.name)).toEqual(["Shield", "Sword"]);
    expect(page.games[0]!.items[1]).toEqual({
      id: t.item._id,
      name: "Sword",
      status: "active",
      priceCents: 499,
      vcPrices: [{ currencyId: t.shop.gems._id, code: t.shop.gems.code, amount: 100 }],
    });
    expect(page.games[0]!.deals.map((d) => [d.itemName, d.code, d.status])).toEqual([
      ["Shield", "LAUNCH40", "active"],
      ["Sword", "GEMSALE", "inactive"],
      ["Sword", "LAUNCH40", "active"],
    ]);
    expect((await loadPortalDeals(as(t.finance), { businessId: t.businessId, environment: "live" })).games).toEqual([]);

    const audit = await auditOf(t.businessId);
    expect(audit.map((a) => [a.action, a.objectType, a.actorId])).toEqual([
      ["deal.created", "deal", t.developer.email],
      ["deal.created", "deal", t.owner.email],
      ["deal.created", "deal", t.developer.email],
    ]);
    expect(audit[0]).toMatchObject({
      objectId: usd._id,
      details: { gameId: t.gameId, itemId: t.item._id, code: "LAUNCH40", currencyId: null, overridePrice: 299, status: "active" },
    });
  });

  it("applies the deal rules and the API's validation, creating nothing", async () => {
    const t = await setup();
    await createPortalDeal(as(t.developer), { businessId: t.businessId, gameId: t.gameId, itemId: t.item._id, form: dealForm() });
    const before = await productSnapshot(t.gameId);
    const auditBefore = await auditOf(t.businessId);
    const run = (over: Partial<DealForm>, itemId = t.item._id) =>
      refusal(createPortalDeal(as(t.developer), { businessId: t.businessId, gameId: t.gameId, itemId, form: dealForm(over) }));

    expect(await run({ code: "launch40" })).toMatchObject({ code: "DEAL_CODE_TAKEN", status: 409 });
    expect(await run({ code: "NEW", currencyId: t.shop.gold._id })).toMatchObject({ code: "VALIDATION_ERROR", details: [{ field: "currencyId" }] });
    expect(await run({ code: "NEW" }, "missing")).toMatchObject({ code: "PRODUCT_NOT_FOUND", status: 404 });
    expect(await run({ code: "NEW", overridePrice: "100000001" })).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "overridePrice", message: "must be at most 100000000 cents" }],
    });
    // a bad form gets what POST /v1/test-helpers/deals answers for the same body
    const bad = await run({ code: "has space", overridePrice: "2.5", status: "paused", metadata: '{"a":{"b":1}}' });
    const api = await call(CREATE_DEAL, {
      headers: idem(t.shop.headers),
      body: { itemId: t.item._id, code: "has space", overridePrice: 2.5, status: "paused", metadata: { a: { b: 1 } } },
    });
    expect(api.status).toBe(400);
    expect(bad).toMatchObject({ code: "VALIDATION_ERROR", status: 400 });
    expect(bad.details).toEqual(api.body.details);
    expect(bad.details!.map((d) => d.field)).toEqual(["code", "overridePrice", "status", "metadata.a"]);
    expect(await productSnapshot(t.gameId)).toEqual(before);
    expect(await auditOf(t.businessId)).toEqual(auditBefore);
  });

  it("refuses viewers and finance (403), strangers (404), another business's game (404) and nobody (401), nothing changed", async () => {
    const t = await setup();
    const input = { businessId: t.businessId, gameId: t.gameId, itemId: t.item._id, form: dealForm() };
    const before = await productSnapshot(t.gameId);
    for (const who of [t.viewer, t.finance])
      expect(await refusal(createPortalDeal(as(who), input))).toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    expect(await refusal(createPortalDeal(as(t.stranger), input))).toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    expect(await refusal(createPortalDeal(as(t.stranger), { ...input, businessId: t.other.id }))).toMatchObject({ code: "GAME_NOT_FOUND", status: 404 });
    // an item of another game, named through one's own game: the item is not found
    expect(await refusal(createPortalDeal(as(t.stranger), { ...input, businessId: t.other.id, gameId: t.otherGame.id }))).toMatchObject({
      code: "PRODUCT_NOT_FOUND",
      status: 404,
    });
    expect(await refusal(createPortalDeal(as(null), input))).toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    expect(await productSnapshot(t.gameId)).toEqual(before);
    expect(await auditOf(t.businessId)).toEqual([]);
    expect(await auditOf(t.other.id)).toEqual([]);
  });
});

describe("editing, activating and deactivating deals", () => {
  it("changes the whole deal, then deactivates (refused at checkout) and activates it again; audits each", async () => {
    const t = await setup();
    const deal = await createPortalDeal(as(t.developer), {
      businessId: t.businessId,
      gameId: t.gameId,
      itemId: t.item._id,
      form: dealForm({ metadata: '{"a":1}' }),
    });
    const edited = await updatePortalDeal(as(t.developer), {
      businessId: t.businessId,
      dealId: deal._id,
      form: dealForm({ code: "Gems25", currencyId: t.shop.gems._id, overridePrice: "75", metadata: "" }),
    });
    expect(edited).toMatchObject({
      _id: deal._id,
      itemId: t.item._id,
      code: "Gems25",
      currencyType: "VC",
      currencyId: t.shop.gems._id,
      overridePrice: 75,
      metadata: null,
    });
    expect(await validateDeal({ db }, { productId: t.item._id, code: "GEMS25", currencyId: t.shop.gems._id })).toMatchObject({
      id: deal._id,
      overridePrice: 75n,
    });

    const off = await updatePortalDeal(as(t.owner), { businessId: t.businessId, dealId: deal._id, status: "inactive" });
    expect(off).toMatchObject({ status: "inactive", code: "Gems25", overridePrice: 75 });
    expect(await refusal(validateDeal({ db }, { productId: t.item._id, code: "Gems25", currencyId: t.shop.gems._id }))).toMatchObject({ code: "INVALID_DEAL" });
    const on = await updatePortalDeal(as(t.owner), { businessId: t.businessId, dealId: deal._id, status: "active" });
    expect(on.status).toBe("active");
    expect((await db.deal.findUniqueOrThrow({ where: { id: deal._id } })).status).toBe("active");

    const audit = (await auditOf(t.businessId)).slice(1);
    expect(audit.map((a) => [a.action, a.objectId, a.actorId])).toEqual([
      ["deal.updated", deal._id, t.developer.email],
      ["deal.deactivated", deal._id, t.owner.email],
      ["deal.activated", deal._id, t.owner.email],
    ]);
    expect(audit[0]!.details).toMatchObject({
      changed: ["code", "currencyId", "overridePrice", "metadata"],
      before: { code: "LAUNCH40", currencyId: null, overridePrice: 299, metadata: { a: 1 } },
    });
    expect(audit[1]!.details).toMatchObject({ changed: ["status"], before: { status: "active" } });
  });

  it("keeps the deal rules on edit: codes unique per item in any case, prices that fit the item; deactivation always works", async () => {
    const t = await setup();
    const a = await createPortalDeal(as(t.developer), { businessId: t.businessId, gameId: t.gameId, itemId: t.item._id, form: dealForm({ code: "AAA" }) });
    await createPortalDeal(as(t.developer), { businessId: t.businessId, gameId: t.gameId, itemId: t.item._id, form: dealForm({ code: "BBB" }) });
    await createPortalDeal(as(t.developer), { businessId: t.businessId, gameId: t.gameId, itemId: t.otherItem._id, form: dealForm({ code: "CCC" }) });
    const edit = (over: Partial<DealForm>) =>
      updatePortalDeal(as(t.developer), { businessId: t.businessId, dealId: a._id, form: dealForm({ code: "AAA", ...over }) });
    const before = await productSnapshot(t.gameId);
    expect(await refusal(edit({ code: "bbb" }))).toMatchObject({ code: "DEAL_CODE_TAKEN", status: 409 });
    expect(await refusal(edit({ currencyId: t.shop.gold._id }))).toMatchObject({ code: "VALIDATION_ERROR", details: [{ field: "currencyId" }] });
    expect(await refusal(edit({ overridePrice: "-1" }))).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "overridePrice", message: "must be 0 or more" }],
    });
    expect(await refusal(edit({ status: "" }))).toMatchObject({ code: "VALIDATION_ERROR", details: [{ field: "status" }] });
    expect(await productSnapshot(t.gameId)).toEqual(before);
    // its own code in another case, and another item's code, are fine
    expect((await edit({ code: "aaa" })).code).toBe("aaa");
    expect((await edit({ code: "CCC" })).code).toBe("CCC");

    // the item loses its USD price: the USD deal can be deactivated but not activated again
    await db.productVcPrice.deleteMany({ where: { productId: t.item._id } });
    await db.productVcPrice.create({ data: { id: "vc-price-1", productId: t.item._id, currencyId: t.shop.gems._id, amount: 100n } });
    await db.product.update({ where: { id: t.item._id }, data: { priceCents: null } });
    expect((await updatePortalDeal(as(t.developer), { businessId: t.businessId, dealId: a._id, status: "inactive" })).status).toBe("inactive");
    expect(await refusal(updatePortalDeal(as(t.developer), { businessId: t.businessId, dealId: a._id, status: "active" }))).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "currencyId" }],
    });
  });

  it("refuses viewers and finance (403), strangers (404), another business's deal (404) and nobody (401), nothing changed", async () => {
    const t = await setup();
    const deal = await createPortalDeal(as(t.developer), { businessId: t.businessId, gameId: t.gameId, itemId: t.item._id, form: dealForm() });
    const before = await productSnapshot(t.gameId);
    const auditBefore = await auditOf(t.businessId);
    const runs = [
      (who: Parameters<typeof as>[0], businessId = t.businessId) => updatePortalDeal(as(who), { businessId, dealId: deal._id, form: dealForm({ code: "X" }) }),
      (who: Parameters<typeof as>[0], businessId = t.businessId) => updatePortalDeal(as(who), { businessId, dealId: deal._id, status: "inactive" }),
    ];
    for (const run of runs) {
      for (const who of [t.viewer, t.finance]) expect(await refusal(run(who))).toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
      expect(await refusal(run(t.stranger))).toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
      expect(await refusal(run(t.stranger, t.other.id))).toMatchObject({ code: "NOT_FOUND", status: 404 });
      expect(await refusal(run(null))).toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    }
    expect(await refusal(updatePortalDeal(as(t.developer), { businessId: t.businessId, dealId: "missing", status: "inactive" }))).toMatchObject({
      code: "NOT_FOUND",
      status: 404,
    });
    expect(await productSnapshot(t.gameId)).toEqual(before);
    expect(await auditOf(t.businessId)).toEqual(auditBefore);
  });
});

// The catalogue, deals and review pages and their server actions as Next calls them, signed in through the
// real next-auth cookie: a stranger gets a 404, finance and viewers see the data without any form, the
// developer gets the forms; every action refuses viewers, finance, strangers and the signed-out with the
// service's message and nothing changed, and works for the developer (a product, a deal and its status, an
// approval and a decline).
import "@/tests/support/serve-auth";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { INITIAL_FORM_STATE } from "@/components/portal/portal-form";
import { getDb } from "@/lib/db/client";
import { createDeal } from "@/lib/deals/create-deal";
import { createProduct } from "@/lib/products/create-product";
import { submitUgcProduct } from "@/lib/products/submit-ugc-product";
import { formData as form, makePortalMembers, renderPortalPage, servePortalAuth } from "@/tests/support/portal";
import { productSnapshot, makeShop } from "@/tests/support/products";
import { inRequest } from "@/tests/support/serve-auth";
import { approveProductAction, declineProductAction } from "../reviews/actions";
import ReviewsPage from "../reviews/page";
import { createDealAction, createProductAction, setDealStatusAction, updateDealAction, updateProductAction } from "./actions";
import DealsPage from "./deals/page";
import CataloguePage from "./page";
import { gameContextFor } from "@/tests/support/contexts";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} }),
}));

const db = getDb();
const auth = servePortalAuth(authRoute);

/** A shop with a product (USD and GEMS prices), a deal on it, a submitted player-made product, and signed-in members. */
const tenant = async () => {
  const shop = await makeShop();
  const gctx = gameContextFor(shop.game, { db });
  const product = await createProduct(gctx, {
    body: {
      name: "Dragon Sword",
      type: "purchase",
      fulfillmentType: "KEY_DELIVERY",
      description: "",
      baseGameRequirementText: "",
      price: 999,
      virtualCurrencyPrices: [{ currencyId: shop.gems._id, amount: 100 }],
      metadata: {},
      imageUrl: "https://cdn.example/sword.png",
      isPriceVisible: true,
      keys: ["SECRET-KEY-1", "SECRET-KEY-2"],
    },
  });
  const deal = await createDeal(gctx, { itemId: product._id, code: "LAUNCH40", overridePrice: 599, status: "active" });
  const ugc = await createProduct(gctx, {
    body: {
      name: "Wizard Hat",
      type: "purchase",
      fulfillmentType: "NONE",
      description: "Stars.",
      baseGameRequirementText: "",
      price: 300,
      metadata: {},
      imageUrl: "https://cdn.example/hat.png",
      isPriceVisible: true,
    },
    creator: { userRef: shop.userRef, playerId: (await db.playerLink.findFirstOrThrow({ where: { userRef: shop.userRef } })).playerId },
  });
  await submitUgcProduct(gctx, { userRef: shop.userRef, productId: ugc._id });
  const other = await makeShop();
  const { developer, finance, viewer, stranger } = await makePortalMembers(shop.business.id, other.business.id);
  return { shop, product, deal, ugc, ...(await auth.signInMembers({ developer, finance, viewer, stranger })), b: shop.business.id };
};

const html = (headers: Record<string, string>, page: unknown, params: Record<string, string>) => renderPortalPage(headers, page, params);
const productForm = (over: Record<string, string> = {}) =>
  form({
    name: "Gem Pack",
    type: "consumable",
    fulfillmentType: "NONE",
    description: "",
    baseGameRequirementText: "",
    price: "1.99",
    perUserLimit: "",
    imageUrl: "",
    metadata: "",
    isVisible: "on",
    isPriceVisible: "on",
    forSale: "on",
    grantCurrencyId: "",
    grantAmountUnits: "",
    keys: "",
    ...over,
  });

describe("the catalogue pages", () => {
  it("show finance and viewers the products, deals and queue without forms, the developer with them, never a key; 404 a stranger", async () => {
    const t = await tenant();
    for (const who of [t.viewer, t.finance]) {
      const cat = await html(who, CataloguePage as never, { businessId: t.b });
      expect(cat).toContain("Catalogue</h1>");
      expect(cat).toContain("Dragon Sword");
      expect(cat).toContain("2 available, 0 delivered");
      expect(cat).not.toContain("Create product");
      expect(cat).not.toContain("SECRET-KEY");
      const deals = await html(who, DealsPage as never, { businessId: t.b });
      expect(deals).toContain("LAUNCH40");
      expect(deals).toMatch(/USD\s5\.99/);
      expect(deals).not.toContain("Deactivate");
      const reviews = await html(who, ReviewsPage as never, { businessId: t.b });
      expect(reviews).toContain("Wizard Hat");
      expect(reviews).toContain('src="https://cdn.example/hat.png"');
      expect(reviews).not.toContain(">Approve<");
    }
    const cat = await html(t.developer, CataloguePage as never, { businessId: t.b });
    expect(cat).toContain("Create product");
    expect(cat).toContain("Save product");
    expect(cat).not.toContain("SECRET-KEY");
    expect(await html(t.developer, DealsPage as never, { businessId: t.b })).toContain("Deactivate");
    expect(await html(t.developer, ReviewsPage as never, { businessId: t.b })).toContain(">Approve<");
    for (const page of [CataloguePage, DealsPage, ReviewsPage])
      await expect(html(t.stranger, page as never, { businessId: t.b })).rejects.toMatchObject({ digest: expect.stringContaining("404") });
    expect(await html({}, CataloguePage as never, { businessId: t.b })).toContain("Sign in to the developer portal</h1>");
  });
});

describe("the catalogue's server actions", () => {
  it("let a developer create and edit a product, create, edit and toggle a deal, approve and decline", async () => {
    const t = await tenant();
    const made = await inRequest(t.developer, () =>
      createProductAction({ businessId: t.b, gameId: t.shop.game.id }, INITIAL_FORM_STATE, productForm({ [`vc:${t.shop.gems._id}`]: "20" })),
    );
    expect(made).toEqual({ error: null, notice: "Product “Gem Pack” created.", secret: null, attempt: 1 });
    const row = await db.product.findFirstOrThrow({ where: { gameId: t.shop.game.id, name: "Gem Pack" } });
    expect(row).toMatchObject({ type: "consumable", priceCents: 199 });
    expect((await db.productVcPrice.findMany({ where: { productId: row.id } })).map((p) => [p.currencyId, p.amount])).toEqual([[t.shop.gems._id, 20n]]);
    const bad = await inRequest(t.developer, () =>
      updateProductAction({ businessId: t.b, productId: row.id }, INITIAL_FORM_STATE, productForm({ price: "1.555", name: "" })),
    );
    // one line above the form, each field's message under it
    expect(bad).toMatchObject({
      error: "Check the 2 fields marked below.",
      fieldErrors: expect.arrayContaining([
        { field: "price", message: "Enter a USD price from 0 to 1,000,000, like 4.99 (at most 2 decimals)." },
        { field: "name", message: expect.any(String) },
      ]),
    });
    expect(await db.product.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ name: "Gem Pack", priceCents: 199 });
    const saved = await inRequest(t.developer, () =>
      updateProductAction(
        { businessId: t.b, productId: t.product._id },
        INITIAL_FORM_STATE,
        productForm({ name: "Dragon Sword", price: "9.99", [`vc:${t.shop.gems._id}`]: "100", fulfillmentType: "KEY_DELIVERY", keys: "SECRET-KEY-3" }),
      ),
    );
    expect(saved.notice).toBe("Saved “Dragon Sword”. Keys available: 3.");

    const deal = await inRequest(t.developer, () =>
      createDealAction(
        { businessId: t.b, gameId: t.shop.game.id },
        INITIAL_FORM_STATE,
        form({ itemId: t.product._id, code: "GEMS10", currencyId: t.shop.gems._id, overridePrice: "90", status: "active", metadata: "" }),
      ),
    );
    expect(deal).toMatchObject({ error: null, notice: "Deal “GEMS10” created (active)." });
    const taken = await inRequest(t.developer, () =>
      createDealAction(
        { businessId: t.b, gameId: t.shop.game.id },
        INITIAL_FORM_STATE,
        form({ itemId: t.product._id, code: "launch40", currencyId: "USD", overridePrice: "1", status: "active", metadata: "" }),
      ),
    );
    expect(taken.error).toBe('This item already has a deal with code "launch40".');
    const edited = await inRequest(t.developer, () =>
      updateDealAction(
        { businessId: t.b, dealId: t.deal._id },
        INITIAL_FORM_STATE,
        form({ itemId: t.product._id, code: "LAUNCH50", currencyId: "USD", overridePrice: "499", status: "active", metadata: "" }),
      ),
    );
    expect(edited.notice).toBe("Deal “LAUNCH50” saved.");
    expect(
      (await inRequest(t.developer, () => setDealStatusAction({ businessId: t.b, dealId: t.deal._id }, INITIAL_FORM_STATE, form({ status: "inactive" }))))
        .notice,
    ).toBe("Deal “LAUNCH50” is inactive.");
    expect(await db.deal.findUniqueOrThrow({ where: { id: t.deal._id } })).toMatchObject({ code: "LAUNCH50", overridePrice: 499n, status: "inactive" });

    const noReason = await inRequest(t.developer, () =>
      declineProductAction({ businessId: t.b, productId: t.ugc._id }, INITIAL_FORM_STATE, form({ reason: "" })),
    );
    expect(noReason.error).toBe("Invalid body: reason is required when declining: tell the creator what to change.");
    const declined = await inRequest(t.developer, () =>
      declineProductAction({ businessId: t.b, productId: t.ugc._id }, INITIAL_FORM_STATE, form({ reason: "Blurry." })),
    );
    expect(declined.notice).toBe("Declined “Wizard Hat”. The creator sees your reason and may submit again.");
    expect(await db.product.findUniqueOrThrow({ where: { id: t.ugc._id } })).toMatchObject({ status: "declined", reviewNote: "Blurry." });
    await db.product.update({ where: { id: t.ugc._id }, data: { status: "submitted" } });
    const approved = await inRequest(t.developer, () =>
      approveProductAction(
        { businessId: t.b, productId: t.ugc._id },
        INITIAL_FORM_STATE,
        form({ isVisible: "on", forSale: "", price: "350", [`vc:${t.shop.gold._id}`]: "5" }),
      ),
    );
    expect(approved.notice).toBe("Approved “Wizard Hat”: visible, not for sale.");
    expect(await db.product.findUniqueOrThrow({ where: { id: t.ugc._id } })).toMatchObject({
      status: "active",
      isVisible: true,
      forSale: false,
      priceCents: 350,
    });
  });

  it("refuse every action to viewers, finance, strangers and the signed-out, changing nothing", async () => {
    const t = await tenant();
    const before = await productSnapshot(t.shop.game.id);
    const actions = {
      createProduct: () => createProductAction({ businessId: t.b, gameId: t.shop.game.id }, INITIAL_FORM_STATE, productForm()),
      updateProduct: () => updateProductAction({ businessId: t.b, productId: t.product._id }, INITIAL_FORM_STATE, productForm()),
      createDeal: () =>
        createDealAction(
          { businessId: t.b, gameId: t.shop.game.id },
          INITIAL_FORM_STATE,
          form({ itemId: t.product._id, code: "X", currencyId: "USD", overridePrice: "1", status: "active", metadata: "" }),
        ),
      updateDeal: () =>
        updateDealAction(
          { businessId: t.b, dealId: t.deal._id },
          INITIAL_FORM_STATE,
          form({ itemId: t.product._id, code: "X", currencyId: "USD", overridePrice: "1", status: "active", metadata: "" }),
        ),
      setDealStatus: () => setDealStatusAction({ businessId: t.b, dealId: t.deal._id }, INITIAL_FORM_STATE, form({ status: "inactive" })),
      approve: () =>
        approveProductAction({ businessId: t.b, productId: t.ugc._id }, INITIAL_FORM_STATE, form({ isVisible: "on", forSale: "on", price: "300" })),
      decline: () => declineProductAction({ businessId: t.b, productId: t.ugc._id }, INITIAL_FORM_STATE, form({ reason: "No." })),
    };
    for (const [name, run] of Object.entries(actions)) {
      for (const [who, headers, role] of [
        ["viewer", t.viewer, "viewer"],
        ["finance", t.finance, "finance"],
      ] as const)
        expect(await inRequest(headers, run), `${name} as ${who}`).toEqual({
          error: `Your role (${role}) does not allow this. Ask an owner or admin of the business.`,
          notice: null,
          secret: null,
          attempt: 1,
        });
      expect(await inRequest(t.stranger, run), `${name} as a stranger`).toMatchObject({ error: "This business was not found.", notice: null });
      expect(await inRequest({}, run), `${name} signed out`).toMatchObject({ error: "Sign in with the email that is a member of this business." });
    }
    expect(await productSnapshot(t.shop.game.id)).toEqual(before);
    expect(await db.auditEntry.count({ where: { businessId: t.b } })).toBe(0);
  });
});

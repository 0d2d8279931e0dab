// The checkout theme editor's services against PostgreSQL, as its page, preview and server action call
// them: a member who may change games saves through PUT /v1/game/theme's schema, service and contrast rule
// (GET /v1/checkout/theme then answers the new colours) with an audit entry; the preview paints a draft
// without saving anything; every refusal (role 403, stranger 404, signed out 401, bad colour 400, low
// contrast 400) leaves the saved theme as it was.
import { describe, expect, it } from "vitest";
import { GET as GET_THEME } from "@/app/api/v1/checkout/theme/route";
import { STORE_THEME } from "@/lib/checkout/theme";
import { getDb } from "@/lib/db/client";
import { call } from "@/tests/support/http";
import { makeGame } from "@/tests/support/fixtures";
import { as, makePortalMembers } from "@/tests/support/portal";
import { makeProduct } from "@/tests/support/products";
import { loadPortalTheme } from "./load-portal-theme";
import { newId } from "@/lib/db/ids";
import { draftThemeOf, previewPortalTheme } from "./preview-portal-theme";
import { savePortalTheme } from "./save-portal-theme";

const db = getDb();

const EMPTY = Object.fromEntries(Object.keys(STORE_THEME).map((k) => [k, ""])) as Record<keyof typeof STORE_THEME, string>;

const tenant = async () => {
  const g = await makeGame();
  const other = await makeGame();
  const item = await makeProduct(g.headers, { name: "Golden sword", price: 1299 });
  return {
    ...g,
    other,
    item,
    ...(await makePortalMembers(g.business.id, other.business.id)),
  };
};

const storedTheme = async (gameId: string) => (await db.game.findUniqueOrThrow({ where: { id: gameId }, select: { checkoutTheme: true } })).checkoutTheme;
const audits = (businessId: string) => db.auditEntry.findMany({ where: { businessId }, orderBy: { createdAt: "asc" } });

describe("the checkout theme editor", () => {
  it("loads the saved fields, saves a theme through PUT /v1/game/theme's service with an audit entry, and the API answers it", async () => {
    const t = await tenant();
    const ids = { businessId: t.business.id, gameId: t.game.id };

    const before = await loadPortalTheme(as(t.viewer), ids);
    expect(before.game).toEqual({ id: t.game.id, name: t.game.name, environment: "test" });
    expect(before.saved).toEqual(EMPTY);
    expect(before.theme).toEqual(STORE_THEME);
    expect(before.defaults).toEqual(STORE_THEME);

    const saved = await savePortalTheme(as(t.developer), {
      ...ids,
      ...EMPTY,
      primaryButtonColor: "#7c3aed",
      pageBackgroundColor: " #fefce8 ",
      logoUrl: "https://game.example/logo.png",
    });
    expect(saved).toEqual({ ...STORE_THEME, primaryButtonColor: "#7c3aed", pageBackgroundColor: "#fefce8", logoUrl: "https://game.example/logo.png" });
    // only the fields set are stored: the others keep following the store theme
    expect(await storedTheme(t.game.id)).toEqual({ primaryButtonColor: "#7c3aed", pageBackgroundColor: "#fefce8", logoUrl: "https://game.example/logo.png" });
    const api = await call(GET_THEME, { headers: t.headers, query: { gameId: t.game.id, itemId: t.item._id } });
    expect(api.status).toBe(200);
    expect(api.body).toEqual(saved);

    const after = await loadPortalTheme(as(t.viewer), ids);
    expect(after.saved).toEqual({ ...EMPTY, primaryButtonColor: "#7c3aed", pageBackgroundColor: "#fefce8", logoUrl: "https://game.example/logo.png" });
    expect(after.theme).toEqual(saved);

    const [entry] = await audits(t.business.id);
    expect(entry).toMatchObject({
      environment: "test",
      actorType: "member",
      actorId: t.developer.email,
      action: "checkout_theme.updated",
      objectType: "game",
      objectId: t.game.id,
      details: { fields: { primaryButtonColor: "#7c3aed", pageBackgroundColor: "#fefce8", logoUrl: "https://game.example/logo.png" } },
    });

    // clearing every field goes back to the store theme
    expect(await savePortalTheme(as(t.developer), { ...ids, ...EMPTY })).toEqual(STORE_THEME);
    expect(await storedTheme(t.game.id)).toEqual({});
    expect(await audits(t.business.id)).toHaveLength(2);
  });

  it("refuses a colour that is not hex (400 naming the field) and text below 4.5:1 (THEME_CONTRAST_TOO_LOW), saving nothing", async () => {
    const t = await tenant();
    const ids = { businessId: t.business.id, gameId: t.game.id };
    await savePortalTheme(as(t.developer), { ...ids, primaryButtonColor: "#7c3aed" });

    await expect(savePortalTheme(as(t.developer), { ...ids, primaryButtonColor: "purple" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      status: 400,
      details: [{ field: "primaryButtonColor", message: expect.stringContaining("hex colour") }],
    });
    await expect(savePortalTheme(as(t.developer), { ...ids, contentTextColor: "#eeeeee" })).rejects.toMatchObject({
      code: "THEME_CONTRAST_TOO_LOW",
      status: 400,
      details: expect.arrayContaining([expect.objectContaining({ field: "contentTextColor" })]),
    });
    expect(await storedTheme(t.game.id)).toEqual({ primaryButtonColor: "#7c3aed" });
    expect(await audits(t.business.id)).toHaveLength(1);
  });

  it("refuses roles without games:write (403), strangers and other businesses' games (404) and nobody signed in (401), changing nothing", async () => {
    const t = await tenant();
    const ids = { businessId: t.business.id, gameId: t.game.id };
    const change = { ...ids, primaryButtonColor: "#b91c1c" };
    for (const who of [t.viewer, t.finance])
      await expect(savePortalTheme(as(who), change)).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    await expect(savePortalTheme(as(t.stranger), change)).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(savePortalTheme(as(t.developer), { ...change, gameId: t.other.game.id })).rejects.toMatchObject({ code: "GAME_NOT_FOUND", status: 404 });
    await expect(savePortalTheme(as(null), change)).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    expect(await storedTheme(t.game.id)).toBeNull();
    expect(await storedTheme(t.other.game.id)).toBeNull();
    expect(await audits(t.business.id)).toEqual([]);
    expect(await audits(t.other.business.id)).toEqual([]);

    // the editor's page itself: a stranger gets 404, nobody signed in 401; finance (games:read) may look
    await expect(loadPortalTheme(as(t.stranger), ids)).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(loadPortalTheme(as(null), ids)).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    expect((await loadPortalTheme(as(t.finance), ids)).theme).toEqual(STORE_THEME);
  });
});

describe("the theme preview", () => {
  it("is the checkout view of the game's newest item painted with the draft (invalid values fall back), and saves nothing", async () => {
    const t = await tenant();
    const ids = { businessId: t.business.id, gameId: t.game.id };
    const draft = draftThemeOf({
      primaryButtonColor: "#123456",
      backgroundColor: "not-a-colour",
      pageBackgroundColor: ["#000000", "#ffffff"],
      other: "#ffffff",
    });
    expect(draft).toEqual({ primaryButtonColor: "#123456", backgroundColor: "not-a-colour" });

    const view = await previewPortalTheme(as(t.viewer), { ...ids, draft });
    expect(view.theme).toEqual({ ...STORE_THEME, primaryButtonColor: "#123456" });
    expect(view.item).toMatchObject({ id: t.item._id, name: "Golden sword" });
    expect(view.usd).toEqual({ regular: 1299, final: 1299, dealCode: null });
    expect(view.methods).toEqual(["card", "wallet"]);
    expect(view.game.name).toBe(t.game.name);
    expect(view.checkout).toMatchObject({ state: "open", environment: "test", gameId: t.game.id, purchaseId: null });
    expect(await storedTheme(t.game.id)).toBeNull();
    expect(await db.checkoutGrant.count({ where: { gameId: t.game.id } })).toBe(0);

    // a newer item a guest cannot pay for by card (GEM only) is passed over: the Pay button must show
    const { metadata, ...sword } = await db.product.findUniqueOrThrow({ where: { id: t.item._id } });
    const gemOnly = await db.product.create({
      data: { ...sword, metadata: metadata ?? {}, id: newId(), name: "Gem-only shield", priceCents: null, createdAt: new Date(Date.now() + 60_000) },
    });
    const passedOver = await previewPortalTheme(as(t.viewer), { ...ids, draft });
    expect(passedOver.item).toMatchObject({ id: t.item._id, name: "Golden sword" });
    expect(passedOver.methods).toContain("card");
    // only items without a card price: a sample item at USD 4.99, payable by card
    await db.product.update({ where: { id: t.item._id }, data: { priceCents: null } });
    const sample = await previewPortalTheme(as(t.viewer), { ...ids, draft });
    expect(sample.item.name).toBe("Sample item");
    expect(sample.usd).toEqual({ regular: 499, final: 499, dealCode: null });
    expect(sample.methods).toEqual(["card", "wallet"]);
    expect(gemOnly.priceCents).toBeNull();

    // a game with no item yet previews a sample item
    const empty = await previewPortalTheme(as(t.stranger), { businessId: t.other.business.id, gameId: t.other.game.id, draft: {} });
    expect(empty.item.name).toBe("Sample item");
    expect(empty.theme).toEqual(STORE_THEME);

    await expect(previewPortalTheme(as(t.stranger), { ...ids, draft })).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(previewPortalTheme(as(null), { ...ids, draft })).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
  });
});

import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { PUT } from "../../game/theme/route";
import { call } from "@/tests/support/http";
import { makeCampaign, makeGame } from "@/tests/support/fixtures";
import { makeProductRow } from "@/tests/support/purchases";
import { getDb } from "@/lib/db/client";
import { STORE_THEME } from "@/lib/checkout/theme";

const setup = async () => {
  const g = await makeGame();
  return { ...g, item: await makeProductRow(g.game.id, { forSale: false }) };
};

describe("GET /v1/checkout/theme", () => {
  it("returns the 14 store theme fields when the game has no theme", async () => {
    const s = await setup();
    const res = await call(GET, { headers: s.headers, query: { gameId: s.game.id, itemId: s.item.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(STORE_THEME);
    expect(Object.keys(res.body)).toHaveLength(14);
    expect(
      Object.entries(res.body)
        .filter(([k]) => k !== "logoUrl")
        .every(([, v]) => /^#[0-9a-f]{6}$/.test(v as string)),
    ).toBe(true);
  });

  it("returns the game's colours and logo, the store theme filling missing or invalid fields", async () => {
    const s = await setup();
    await getDb().game.update({
      where: { id: s.game.id },
      data: { checkoutTheme: { primaryButtonColor: "#FF0055", logoUrl: "https://cdn.example/logo.png", borderColor: "red", pageBackgroundColor: "#000" } },
    });
    const res = await call(GET, { headers: s.headers, query: { gameId: s.game.id, itemId: s.item.id } });
    expect(res.body).toEqual({ ...STORE_THEME, primaryButtonColor: "#FF0055", logoUrl: "https://cdn.example/logo.png", pageBackgroundColor: "#000" });
  });

  it("404 for an unknown item, another game's item, or another game id; 401 without a key or with a campaign key; 400 naming missing query fields", async () => {
    const s = await setup();
    const other = await setup();
    const q = (gameId: string, itemId: string) => call(GET, { headers: s.headers, query: { gameId, itemId } });
    expect([(await q(s.game.id, "nope")).status, (await q(s.game.id, "nope")).body.code]).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect([(await q(s.game.id, other.item.id)).status, (await q(s.game.id, other.item.id)).body.code]).toEqual([403, "ITEM_OF_ANOTHER_GAME"]);
    expect([(await q(other.game.id, other.item.id)).status, (await q(other.game.id, other.item.id)).body.code]).toEqual([403, "GAME_MISMATCH"]);
    expect((await call(GET, { query: { gameId: s.game.id, itemId: s.item.id } })).status).toBe(401);
    expect((await call(GET, { headers: (await makeCampaign()).headers, query: { gameId: s.game.id, itemId: s.item.id } })).status).toBe(401);
    const bad = await call(GET, { headers: s.headers, query: {} });
    expect([bad.status, bad.body.code, bad.body.details.map((d: { field: string }) => d.field).sort()]).toEqual([
      400,
      "VALIDATION_ERROR",
      ["gameId", "itemId"],
    ]);
  });
});

describe("PUT /v1/game/theme", () => {
  const dark = {
    backgroundColor: "#111827",
    pageBackgroundColor: "#030712",
    primaryFontColor: "#f9fafb",
    contentTextColor: "#e5e7eb",
    contentLabelColor: "#9ca3af",
    lineItemsFontColor: "#d1d5db",
    priceOverrideColor: "#fbbf24",
    primaryButtonColor: "#fbbf24",
    primaryButtonFontColor: "#111827",
    secondaryButtonColor: "#1f2937",
    secondaryButtonFontColor: "#f9fafb",
    logoUrl: "https://cdn.example/logo.png",
  };

  it("saves a readable theme (fields left out take the store theme's) and GET then returns it", async () => {
    const s = await setup();
    const res = await call(PUT, { headers: s.headers, body: dark });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ...STORE_THEME, ...dark });
    const stored = await getDb().game.findUniqueOrThrow({ where: { id: s.game.id } });
    expect(stored.checkoutTheme).toEqual(dark);
    expect((await call(GET, { headers: s.headers, query: { gameId: s.game.id, itemId: s.item.id } })).body).toEqual({ ...STORE_THEME, ...dark });
    // {} puts the store theme back
    expect((await call(PUT, { headers: s.headers, body: {} })).body).toEqual(STORE_THEME);
  });

  it("refuses text below 4.5:1 on the card or the page, and button text below 4.5:1 on its button: 400 naming each pair, colours and ratio; nothing saved", async () => {
    const s = await setup();
    await call(PUT, { headers: s.headers, body: dark });
    const res = await call(PUT, { headers: s.headers, body: { ...dark, contentLabelColor: "#4b5563", primaryButtonFontColor: "#ffffff" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("THEME_CONTRAST_TOO_LOW");
    expect(res.body.error).toBe(
      "The theme was not saved: 3 colour pairs are below the 4.5:1 contrast WCAG AA needs for text: contentLabelColor #4b5563 on backgroundColor #111827 is 2.34:1; contentLabelColor #4b5563 on pageBackgroundColor #030712 is 2.66:1; primaryButtonFontColor #ffffff on primaryButtonColor #fbbf24 is 1.66:1.",
    );
    expect(res.body.details).toEqual([
      { field: "contentLabelColor", message: "contentLabelColor #4b5563 on backgroundColor #111827 is 2.34:1; needs at least 4.5:1" },
      { field: "contentLabelColor", message: "contentLabelColor #4b5563 on pageBackgroundColor #030712 is 2.66:1; needs at least 4.5:1" },
      { field: "primaryButtonFontColor", message: "primaryButtonFontColor #ffffff on primaryButtonColor #fbbf24 is 1.66:1; needs at least 4.5:1" },
    ]);
    expect((await getDb().game.findUniqueOrThrow({ where: { id: s.game.id } })).checkoutTheme).toEqual(dark);
    // a dark card left with the store theme's dark text fails too: the check runs on the theme the page paints
    const half = await call(PUT, { headers: s.headers, body: { backgroundColor: "#111827" } });
    expect([half.status, half.body.details[0].field]).toEqual([400, "primaryFontColor"]);
  });

  it("400 naming a colour that is not hex or a logo that is not a URL; 401 without a key or with a campaign key; another game is untouched", async () => {
    const s = await setup();
    const other = await setup();
    const bad = await call(PUT, { headers: s.headers, body: { borderColor: "red", logoUrl: "javascript:alert(1)" } });
    expect([bad.status, bad.body.code, bad.body.details.map((d: { field: string }) => d.field).sort()]).toEqual([
      400,
      "VALIDATION_ERROR",
      ["borderColor", "logoUrl"],
    ]);
    expect((await call(PUT, { body: dark })).status).toBe(401);
    expect((await call(PUT, { headers: (await makeCampaign()).headers, body: dark })).status).toBe(401);
    await call(PUT, { headers: s.headers, body: dark });
    expect((await getDb().game.findUniqueOrThrow({ where: { id: other.game.id } })).checkoutTheme).toBeNull();
  });
});

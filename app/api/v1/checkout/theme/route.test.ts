import { describe, expect, it } from "vitest";
import { GET } from "./route";
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

import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { PATCH } from "./settings/route";
import { getDb } from "@/lib/db/client";
import { call } from "@/tests/support/http";
import { makeGame } from "@/tests/support/fixtures";
import { serializeGame } from "@/lib/games/serialize-game";

describe("GET /v1/game", () => {
  it("returns the key's game with every spec field", async () => {
    const { game, headers } = await makeGame();
    const res = await call(GET, { headers });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      gameId: game.id,
      name: game.name,
      status: "approved",
      environment: "test",
      isVisible: true,
      hideSuccessPageShareButtons: false,
      affiliateRate: 0,
      screenshots: [],
      movies: [],
    });
    expect(res.body.createdAt).toBe(game.createdAt.toISOString());
    expect(res.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it("answers exactly what the game's whole row serializes to (arrays, tax, rate, times to the millisecond)", async () => {
    const { game, headers } = await makeGame();
    const row = await getDb().game.update({
      where: { id: game.id },
      data: {
        screenshots: ["https://example.com/a.png", "https://example.com/b.png"],
        movies: ["https://example.com/m.mp4"],
        taxLabel: "VAT",
        taxRateBps: 2050,
        affiliateRate: 0.125,
        storeUrl: "https://example.com/store",
        isVisible: false,
        createdAt: new Date("2026-01-02T03:04:05.678Z"),
      },
    });
    const res = await call(GET, { headers });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(serializeGame(row));
    expect([res.body.createdAt, res.body.taxRatePercent, res.body.affiliateRate]).toEqual(["2026-01-02T03:04:05.678Z", 20.5, 0.125]);
    expect(res.body).not.toHaveProperty("webhookSecret");
  });

  it("401 without a key, with the documented error body", async () => {
    const res = await call(GET, {});
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "UNAUTHORIZED", requestId: expect.any(String) });
    expect(res.body.error).toMatch(/Authorization: Bearer/);
  });

  it("401 when X-Game-Id names another game than the key's", async () => {
    const a = await makeGame();
    const b = await makeGame();
    const res = await call(GET, { headers: { ...a.headers, "x-game-id": b.game.id } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
  });

  it("400 for an unsupported API version; v1 and no header pass", async () => {
    const { headers } = await makeGame();
    expect((await call(GET, { headers: { ...headers, "x-service-api-version": "v2" } })).body.code).toBe("UNSUPPORTED_API_VERSION");
    expect((await call(GET, { headers: { ...headers, "x-service-api-version": "v1" } })).status).toBe(200);
  });
});

describe("PATCH /v1/game/settings", () => {
  const links = { storeUrl: "https://game.example/store", termsUrl: "https://game.example/terms", supportUrl: "mailto:help@game.example" };

  it("sets the checkout's links and included tax, leaves out what is not sent, clears with null; GET shows them", async () => {
    const { game, headers } = await makeGame();
    expect((await call(GET, { headers })).body).toMatchObject({ storeUrl: null, termsUrl: null, supportUrl: null, taxLabel: null, taxRatePercent: null });
    const res = await call(PATCH, { headers, body: { ...links, taxLabel: "VAT", taxRatePercent: 20 } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ gameId: game.id, ...links, taxLabel: "VAT", taxRatePercent: 20 });
    expect(await getDb().game.findUniqueOrThrow({ where: { id: game.id }, select: { taxRateBps: true, storeUrl: true } })).toEqual({
      taxRateBps: 2000,
      storeUrl: links.storeUrl,
    });
    const partial = await call(PATCH, { headers, body: { termsUrl: null, taxLabel: "Sales tax", taxRatePercent: 8.25 } });
    expect(partial.body).toMatchObject({ storeUrl: links.storeUrl, termsUrl: null, supportUrl: links.supportUrl, taxLabel: "Sales tax", taxRatePercent: 8.25 });
    expect((await call(PATCH, { headers, body: { taxLabel: null, taxRatePercent: null } })).body).toMatchObject({ taxLabel: null, taxRatePercent: null });
    expect((await call(GET, { headers })).body).toMatchObject({ storeUrl: links.storeUrl, termsUrl: null, taxLabel: null });
  });

  it("400 naming each bad field (a URL that is not http(s), a mailto store, a rate over 100 or with 3 decimals, a label without a rate); nothing changes", async () => {
    const { game, headers } = await makeGame();
    const fields = async (body: unknown) => {
      const res = await call(PATCH, { headers, body });
      expect([res.status, res.body.code]).toEqual([400, "VALIDATION_ERROR"]);
      return res.body.details.map((d: { field: string }) => d.field).sort();
    };
    expect(await fields({ storeUrl: "javascript:alert(1)", termsUrl: "ftp://x", supportUrl: "help@game.example" })).toEqual([
      "storeUrl",
      "supportUrl",
      "termsUrl",
    ]);
    expect(await fields({ storeUrl: "mailto:a@b.co" })).toEqual(["storeUrl"]);
    expect(await fields({ taxLabel: "VAT", taxRatePercent: 101 })).toEqual(["taxRatePercent"]);
    expect(await fields({ taxLabel: "VAT", taxRatePercent: 8.255 })).toEqual(["taxRatePercent"]);
    expect(await fields({ taxLabel: "VAT" })).toEqual(["taxRatePercent"]);
    expect(await getDb().game.findUniqueOrThrow({ where: { id: game.id }, select: { storeUrl: true, taxLabel: true } })).toEqual({
      storeUrl: null,
      taxLabel: null,
    });
  });

  it("401 without a key; a key changes only its own game", async () => {
    const a = await makeGame();
    const b = await makeGame();
    expect((await call(PATCH, { body: links })).status).toBe(401);
    expect((await call(PATCH, { headers: { ...a.headers, "x-game-id": b.game.id }, body: links })).status).toBe(401);
    await call(PATCH, { headers: a.headers, body: links });
    expect((await getDb().game.findUniqueOrThrow({ where: { id: b.game.id } })).storeUrl).toBeNull();
  });
});

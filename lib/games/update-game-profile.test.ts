// The game's store profile service and schema against PostgreSQL: a field left out is unchanged, null clears
// a text or URL field to "" (as GET /v1/game shows an unset one), only changed fields are written and named,
// the context's game in its environment only; the schema takes https URLs, capped lists and an affiliate
// rate in basis points of 0 to 1 (what planPayouts pays).
import { describe, expect, it } from "vitest";
import { GET as GET_GAME } from "@/app/api/v1/game/route";
import { AppError } from "@/lib/core/errors";
import { getDb } from "@/lib/db/client";
import { affiliateRateToBps } from "@/lib/wallet/fees";
import { call } from "@/tests/support/http";
import { makeGame } from "@/tests/support/fixtures";
import { GameProfileBody, MAX_MOVIES, MAX_SCREENSHOTS, updateGameProfile } from "./update-game-profile";
import { gameContextFor } from "@/tests/support/contexts";

const db = getDb();
const gameCtx = (g: { game: { id: string; businessId: string } }, environment: "test" | "live" = "test") => gameContextFor(g.game, { db, environment });
const parse = (body: unknown) => GameProfileBody.parse(body);
const issuesOf = (body: unknown) => {
  const r = GameProfileBody.safeParse(body);
  expect(r.success).toBe(false);
  return r.error!.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
};

describe("updateGameProfile", () => {
  it("writes only the fields sent and changed, clears with null, and GET /v1/game answers the result", async () => {
    const g = await makeGame();
    const first = await updateGameProfile(
      gameCtx(g),
      parse({ imageUrl: "https://cdn.example/a.png", screenshots: ["https://cdn.example/1.png"], affiliateRate: 0.05, isVisible: false, steamAppId: "730" }),
    );
    expect(first.changed).toEqual(["imageUrl", "steamAppId", "screenshots", "affiliateRate", "isVisible"]);
    expect(first.game).toMatchObject({
      name: g.game.name,
      description: "",
      imageUrl: "https://cdn.example/a.png",
      steamAppId: "730",
      screenshots: ["https://cdn.example/1.png"],
      movies: [],
      affiliateRate: 0.05,
      isVisible: false,
      hideSuccessPageShareButtons: false,
    });
    expect(affiliateRateToBps(first.game.affiliateRate)).toBe(500n);

    const second = await updateGameProfile(gameCtx(g), parse({ imageUrl: null, steamAppId: "730", isVisible: false, description: "Space." }));
    expect(second.changed).toEqual(["description", "imageUrl"]);
    const api = await call(GET_GAME, { headers: g.headers });
    expect(api.status).toBe(200);
    expect(api.body).toMatchObject({ imageUrl: "", description: "Space.", steamAppId: "730", screenshots: ["https://cdn.example/1.png"], affiliateRate: 0.05 });
    expect(api.body).toEqual(second.game);

    const before = await db.game.findUniqueOrThrow({ where: { id: g.game.id } });
    const none = await updateGameProfile(gameCtx(g), parse({ description: "Space.", affiliateRate: 0.05 }));
    expect(none.changed).toEqual([]);
    expect((await db.game.findUniqueOrThrow({ where: { id: g.game.id } })).updatedAt).toEqual(before.updatedAt);
  });

  it("404 NOT_FOUND for a game outside the context's environment, nothing written", async () => {
    const g = await makeGame();
    const err = await updateGameProfile(gameCtx(g, "live"), parse({ name: "Elsewhere" })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("NOT_FOUND");
    expect((await db.game.findUniqueOrThrow({ where: { id: g.game.id } })).name).toBe(g.game.name);
  });
});

describe("GameProfileBody", () => {
  it("accepts https URLs, trimmed text, capped lists and basis-point affiliate rates", () => {
    expect(
      parse({
        name: " Forge ",
        discordUrl: " https://discord.gg/x ",
        screenshots: Array.from({ length: MAX_SCREENSHOTS }, (_, i) => `https://c.example/${i}.png`),
        movies: Array.from({ length: MAX_MOVIES }, (_, i) => `https://c.example/${i}.mp4`),
        affiliateRate: 0.0725,
      }),
    ).toMatchObject({ name: "Forge", discordUrl: "https://discord.gg/x", affiliateRate: 0.0725 });
    expect(parse({ affiliateRate: 1 }).affiliateRate).toBe(1);
    expect(parse({})).toEqual({});
  });

  it("refuses http and other schemes, long lists, rates out of 0..1 or finer than a basis point, unknown fields", () => {
    expect(issuesOf({ imageUrl: "http://c.example/a.png" })).toEqual([{ path: "imageUrl", message: "must be an https URL" }]);
    expect(issuesOf({ movies: ["https://c.example/a.mp4", "data:video/mp4,xx"] })).toEqual([{ path: "movies.1", message: "must be an https URL" }]);
    expect(issuesOf({ screenshots: Array.from({ length: MAX_SCREENSHOTS + 1 }, () => "https://c.example/a.png") })).toEqual([
      { path: "screenshots", message: `must list at most ${MAX_SCREENSHOTS} URLs` },
    ]);
    expect(issuesOf({ affiliateRate: 1.5 })).toEqual([{ path: "affiliateRate", message: "must be at most 1 (100 %)" }]);
    expect(issuesOf({ affiliateRate: 0.00001 })).toEqual([
      { path: "affiliateRate", message: "must be a whole number of basis points (at most 2 decimals in percent)" },
    ]);
    expect(issuesOf({ name: "" })).toEqual([{ path: "name", message: "must not be empty" }]);
    expect(issuesOf({ status: "banned" })).toEqual([{ path: "", message: expect.stringContaining("status") }]);
  });
});

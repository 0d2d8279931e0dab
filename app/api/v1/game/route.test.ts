import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { call } from "@/tests/support/http";
import { makeGame } from "@/tests/support/fixtures";

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

import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { POST as APPROVE } from "../../../test-helpers/link-sessions/[sessionKey]/approve/route";
import { call } from "@/tests/support/http";
import { approveAsPerson, startLinkSession as start } from "@/tests/support/linking";
import { makeGame } from "@/tests/support/fixtures";
import { getDb } from "@/lib/db/client";
import { createGame } from "@/lib/games/create-game";
import { issueApiKey } from "@/lib/tenants/issue-api-key";

describe("GET /v1/users/link/details", () => {
  it("a pending session: namespace fields, prefilled email, state and steps; no userRef", async () => {
    const { business } = await makeGame();
    const game = await createGame(
      { db: getDb() },
      { businessId: business.id, environment: "test", name: "Star Miner", imageUrl: "https://img.example.test/star.png" },
    );
    const { rawKey } = await issueApiKey({ db: getDb() }, { kind: "server", environment: "test", gameId: game.id });
    const h = { authorization: `Bearer ${rawKey}`, "x-game-id": game.id };
    const sessionKey = await start(h, { email: "gus@example.com" });
    const row = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } });

    const res = await call(GET, { headers: h, query: { session: sessionKey } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      sessionKey,
      namespaceType: "game",
      gameId: game.id,
      gameName: "Star Miner",
      gameImage: "https://img.example.test/star.png",
      prefilledEmail: "gus@example.com",
      environment: "test",
      state: "pending",
      status: "pending",
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      openedAt: null,
      approvedAt: null,
      canceledAt: null,
      failedAt: null,
      expiredAt: null,
      unlinkedAt: null,
    });
  });

  it("prefilledEmail and gameImage are null when none was given", async () => {
    const { game, headers } = await makeGame();
    const sessionKey = await start(headers);
    const res = await call(GET, { headers, query: { session: sessionKey } });
    expect(res.body).toMatchObject({ gameId: game.id, gameName: game.name, gameImage: null, prefilledEmail: null, state: "pending" });
    expect(res.body).not.toHaveProperty("userRef");
  });

  it("an approved session carries userRef; the same player approving again gets the same userRef", async () => {
    const { headers } = await makeGame();
    const first = await start(headers, { email: "hal@example.com" });
    await call(APPROVE, { headers, params: { sessionKey: first } });
    const a = await call(GET, { headers, query: { session: first } });
    expect(a.body).toMatchObject({ state: "approved", status: "approved", approvedAt: expect.any(String) });
    expect(a.body.userRef).toMatch(/^gmu_test_[0-9a-f]{24}$/);

    const second = await start(headers, { email: "hal@example.com" });
    await call(APPROVE, { headers, params: { sessionKey: second } });
    const b = await call(GET, { headers, query: { session: second } });
    expect(b.body.userRef).toBe(a.body.userRef);
  });

  it("the same player gets a different userRef in another game", async () => {
    const a = await makeGame();
    const b = await makeGame();
    const ka = await start(a.headers, { email: "ivy@example.com" });
    const kb = await start(b.headers, { email: "ivy@example.com" });
    const ra = (await call(APPROVE, { headers: a.headers, params: { sessionKey: ka } })).body.userRef;
    // the person approves game B on the hosted page (the helpers act only as their own business's test players)
    const rb = (await approveAsPerson(kb)).userRef;
    expect(ra).toMatch(/^gmu_test_/);
    expect(rb).toMatch(/^gmu_test_/);
    expect(ra).not.toBe(rb);
  });

  it("a pending session past its lifetime reads as expired, and the expiry is recorded (expiredAt = expiresAt)", async () => {
    const { headers } = await makeGame();
    const sessionKey = await start(headers);
    const past = new Date(Date.now() - 1000);
    await getDb().linkSession.update({ where: { sessionKey }, data: { expiresAt: past } });
    const res = await call(GET, { headers, query: { session: sessionKey } });
    expect(res.body).toMatchObject({ state: "expired", status: "expired", expiredAt: past.toISOString(), expiresAt: past.toISOString() });
    const row = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } });
    expect(row.state).toBe("expired");
    expect(await getDb().webhookEvent.count({ where: { objectId: row.id } })).toBe(1); // only Started
  });

  it("400 naming session when the query is missing or empty", async () => {
    const { headers } = await makeGame();
    for (const query of [{}, { session: "" }]) {
      const res = await call(GET, { headers, query });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(["session"]);
    }
  });

  it("404 for an unknown session", async () => {
    const { headers } = await makeGame();
    const res = await call(GET, { headers, query: { session: "lks_test_00000000000000000000000000000000" } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("LINK_SESSION_NOT_FOUND");
  });

  it("404 for another game's session, which stays unchanged", async () => {
    const a = await makeGame();
    const b = await makeGame();
    const sessionKey = await start(a.headers, { email: "jo@example.com" });
    const before = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } });
    const res = await call(GET, { headers: b.headers, query: { session: sessionKey } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("LINK_SESSION_NOT_FOUND");
    expect(await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } })).toEqual(before);
  });

  it("404 for a test-environment session read with a live key", async () => {
    const test = await makeGame();
    const live = await makeGame({ environment: "live" });
    const sessionKey = await start(test.headers);
    expect((await call(GET, { headers: live.headers, query: { session: sessionKey } })).status).toBe(404);
  });

  it("401 without a key", async () => {
    expect((await call(GET, { query: { session: "lks_test_x" } })).status).toBe(401);
  });
});

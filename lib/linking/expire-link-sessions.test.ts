import { describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { makeGame } from "../../tests/support/fixtures.ts";
import { approveLinkSession } from "../flows/approve-link-session.ts";
import { expireLinkSessions } from "./expire-link-sessions.ts";
import { initiateLinkSession } from "./initiate-link-session.ts";
import type { LinkScope } from "./link-scope.ts";

const gameScope = (gameId: string): LinkScope => ({ namespace: { type: "game", id: gameId }, environment: "test", owner: { type: "game", id: gameId } });
const HOUR = 3600_000;

describe("expireLinkSessions (the sweep)", () => {
  it("expires exactly the pending sessions past expiresAt, with expiredAt = expiresAt and no webhook", async () => {
    const db = getDb();
    const { game } = await makeGame();
    const scope = gameScope(game.id);
    const t0 = new Date();
    const old = (await initiateLinkSession({ db }, { scope, now: new Date(t0.getTime() - 2 * HOUR) })).session;
    const young = (await initiateLinkSession({ db }, { scope, now: t0 })).session;
    const approved = (await initiateLinkSession({ db }, { scope, now: new Date(t0.getTime() - 2 * HOUR) })).session;
    await approveLinkSession({ db }, { scope, sessionKey: approved.sessionKey, now: new Date(t0.getTime() - HOUR) });
    const eventsBefore = await db.webhookEvent.count({ where: { ownerId: game.id } });

    // 23 hours later only the session started 2 hours earlier is past its 24 hours
    expect(await expireLinkSessions({ db }, { now: new Date(t0.getTime() + 23 * HOUR) })).toBe(1);
    const rows = await db.linkSession.findMany({ where: { namespaceId: game.id } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(old.id)).toMatchObject({ state: "expired", expiredAt: old.expiresAt });
    expect(byId.get(young.id)).toMatchObject({ state: "pending", expiredAt: null });
    expect(byId.get(approved.id)).toMatchObject({ state: "approved", expiredAt: null });

    expect(await expireLinkSessions({ db }, { now: new Date(t0.getTime() + 25 * HOUR) })).toBe(1);
    expect((await db.linkSession.findUniqueOrThrow({ where: { id: young.id } })).state).toBe("expired");
    expect(await expireLinkSessions({ db }, { now: new Date(t0.getTime() + 48 * HOUR) })).toBe(0);
    expect(await db.webhookEvent.count({ where: { ownerId: game.id } })).toBe(eventsBefore);
  });

  it("an expired session can no longer be approved", async () => {
    const db = getDb();
    const { game } = await makeGame();
    const scope = gameScope(game.id);
    const { session } = await initiateLinkSession({ db }, { scope, now: new Date(Date.now() - 25 * HOUR) });
    await expireLinkSessions({ db });
    await expect(approveLinkSession({ db }, { scope, sessionKey: session.sessionKey })).rejects.toMatchObject({
      status: 409,
      code: "LINK_SESSION_NOT_PENDING",
    });
  });
});

// Which pending session a repeated initiation returns (one statement finds it or creates the new one):
// the Idempotency-Key's before the email's, only a pending and unexpired one, and the new session's stored values.
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { makeGame } from "../../tests/support/fixtures.ts";
import { initiateLinkSession } from "./initiate-link-session.ts";
import { LINK_SESSION_LIFETIME_MS } from "./link-session-states.ts";
import type { LinkScope } from "./link-scope.ts";

const db = getDb();
const ctx = { db };
const scopeOf = (gameId: string): LinkScope => ({ namespace: { type: "game", id: gameId }, environment: "test", owner: { type: "game", id: gameId } });

describe("initiateLinkSession", () => {
  it("stores the new session as given: pending, 24 hours, email normalized, key and metadata kept", async () => {
    const { game } = await makeGame();
    const now = new Date(Date.now() - 1_000);
    const { session, created, url } = await initiateLinkSession(ctx, {
      scope: scopeOf(game.id),
      email: "  Ada@Example.COM ",
      idempotencyKey: "k-1",
      metadata: { tier: "gold", n: 2 },
      now,
    });
    expect(created).toBe(true);
    expect(url).toMatch(new RegExp(`/link/${session.sessionKey}$`));
    const row = await db.linkSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(row).toMatchObject({
      sessionKey: session.sessionKey,
      namespaceType: "game",
      namespaceId: game.id,
      environment: "test",
      ownerType: "game",
      ownerId: game.id,
      prefilledEmail: "ada@example.com",
      idempotencyKey: "k-1",
      metadata: { tier: "gold", n: 2 },
      state: "pending",
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_SESSION_LIFETIME_MS),
    });
    // what the service returned is the stored row
    expect(session).toEqual(row);
    expect(session.sessionKey).toMatch(/^lks_test_[0-9a-f]{32}$/);
  });

  it("the Idempotency-Key's pending session comes before the email's; a session of another game is never returned", async () => {
    const { game } = await makeGame();
    const { game: other } = await makeGame();
    const scope = scopeOf(game.id);
    // the key's session is the older one: the newest first would pick the email's
    const byKey = await initiateLinkSession(ctx, { scope, idempotencyKey: "key-b", now: new Date(Date.now() - 5_000) });
    const byEmail = await initiateLinkSession(ctx, { scope, email: "bea@example.com" });
    await initiateLinkSession(ctx, { scope: scopeOf(other.id), email: "bea@example.com", idempotencyKey: "key-b" });

    const both = await initiateLinkSession(ctx, { scope, email: "bea@example.com", idempotencyKey: "key-b" });
    expect(both).toMatchObject({ created: false, session: { id: byKey.session.id } });
    const emailOnly = await initiateLinkSession(ctx, { scope, email: "BEA@example.com" });
    expect(emailOnly).toMatchObject({ created: false, session: { id: byEmail.session.id } });
    expect(await db.linkSession.count({ where: { namespaceId: game.id } })).toBe(2);
  });

  it("an expired or approved session is not returned: a new one is created, with its own Started event", async () => {
    const { game } = await makeGame();
    const scope = scopeOf(game.id);
    const old = await initiateLinkSession(ctx, { scope, email: "cy@example.com", now: new Date(Date.now() - LINK_SESSION_LIFETIME_MS - 60_000) });
    const fresh = await initiateLinkSession(ctx, { scope, email: "cy@example.com" });
    expect(fresh.created).toBe(true);
    expect(fresh.session.id).not.toBe(old.session.id);

    await db.linkSession.update({ where: { id: fresh.session.id }, data: { state: "approved", approvedAt: new Date() } });
    const after = await initiateLinkSession(ctx, { scope, email: "cy@example.com" });
    expect(after.created).toBe(true);
    expect(new Set([old.session.id, fresh.session.id, after.session.id]).size).toBe(3);
    const started = await db.webhookEvent.findMany({ where: { objectType: "link_session", event: "User.Account.Link.Started", ownerId: game.id } });
    expect(started.map((e) => e.objectId).sort()).toEqual([old.session.id, fresh.session.id, after.session.id].sort());
  });
});

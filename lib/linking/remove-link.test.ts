import { describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { linkUser, makeGame } from "../../tests/support/fixtures.ts";
import { approveLinkSession } from "../flows/approve-link-session.ts";
import { initiateLinkSession } from "./initiate-link-session.ts";
import type { LinkScope } from "./link-scope.ts";
import { removeLink } from "./remove-link.ts";

const gameScope = (gameId: string): LinkScope => ({ namespace: { type: "game", id: gameId }, environment: "test", owner: { type: "game", id: gameId } });
const eventsOf = async (objectId: string) =>
  (await getDb().webhookEvent.findMany({ where: { objectId }, orderBy: { sequence: "asc" } })).map((r) => ({
    event: r.event,
    sequence: r.sequence,
    data: JSON.parse(r.payload).data,
  }));

const approvedSession = async (scope: LinkScope, email: string) => {
  const { session } = await initiateLinkSession({ db: getDb() }, { scope, email });
  return approveLinkSession({ db: getDb() }, { scope, sessionKey: session.sessionKey });
};

describe("removeLink", () => {
  it("unlinks the link and its approved session, emitting Removed {sessionKey, user_ref} as the session's third event", async () => {
    const db = getDb();
    const { game } = await makeGame();
    const scope = gameScope(game.id);
    const session = await approvedSession(scope, "rae@example.com");
    const link = await removeLink({ db }, { scope, userRef: session.userRef! });
    expect(link).toMatchObject({ userRef: session.userRef, status: "unlinked", unlinkedAt: expect.any(Date) });
    expect(await db.linkSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({ state: "unlinked", unlinkedAt: link.unlinkedAt });
    expect(await eventsOf(session.id)).toEqual([
      { event: "User.Account.Link.Started", sequence: 1, data: { sessionKey: session.sessionKey } },
      {
        event: "User.Account.Link.Succeeded",
        sequence: 2,
        data: { sessionKey: session.sessionKey, user_ref: session.userRef, metadata: { idempotencyKey: null } },
      },
      { event: "User.Account.Link.Removed", sequence: 3, data: { sessionKey: session.sessionKey, user_ref: session.userRef } },
    ]);
  });

  it("a second removal, another game's scope, or an unknown reference is a 404 and nothing changes", async () => {
    const db = getDb();
    const a = await makeGame();
    const b = await makeGame();
    const session = await approvedSession(gameScope(a.game.id), "sam@example.com");
    await expect(removeLink({ db }, { scope: gameScope(b.game.id), userRef: session.userRef! })).rejects.toMatchObject({
      status: 404,
      code: "USER_REF_NOT_FOUND",
    });
    expect((await db.playerLink.findUniqueOrThrow({ where: { userRef: session.userRef! } })).status).toBe("active");
    await removeLink({ db }, { scope: gameScope(a.game.id), userRef: session.userRef! });
    await expect(removeLink({ db }, { scope: gameScope(a.game.id), userRef: session.userRef! })).rejects.toMatchObject({ status: 404 });
    await expect(removeLink({ db }, { scope: gameScope(a.game.id), userRef: "gmu_test_unknown" })).rejects.toMatchObject({ status: 404 });
    expect(await eventsOf(session.id)).toHaveLength(3);
  });

  it("with two approved sessions both become unlinked and one Removed is sent, for the latest", async () => {
    const db = getDb();
    const { game } = await makeGame();
    const scope = gameScope(game.id);
    const first = await approvedSession(scope, "tia@example.com");
    const second = await approvedSession(scope, "tia@example.com");
    expect(second.userRef).toBe(first.userRef);
    await removeLink({ db }, { scope, userRef: first.userRef! });
    const states = await db.linkSession.findMany({ where: { id: { in: [first.id, second.id] } }, select: { state: true } });
    expect(states.map((s) => s.state)).toEqual(["unlinked", "unlinked"]);
    expect((await eventsOf(second.id)).map((e) => e.event)).toContain("User.Account.Link.Removed");
    expect((await eventsOf(first.id)).map((e) => e.event)).not.toContain("User.Account.Link.Removed");
  });

  it("linking again after removal re-activates the same userRef", async () => {
    const { game } = await makeGame();
    const scope = gameScope(game.id);
    const first = await approvedSession(scope, "uma@example.com");
    await removeLink({ db: getDb() }, { scope, userRef: first.userRef! });
    const again = await approvedSession(scope, "uma@example.com");
    expect(again.userRef).toBe(first.userRef);
    expect((await getDb().playerLink.findUniqueOrThrow({ where: { userRef: first.userRef! } })).status).toBe("active");
  });

  it("a link made without a session emits Removed with sessionKey null, as an event of the link", async () => {
    const db = getDb();
    const { game } = await makeGame();
    const userRef = await linkUser(game.id);
    const link = await removeLink({ db }, { scope: gameScope(game.id), userRef });
    const rows = await db.webhookEvent.findMany({ where: { objectId: link.id } });
    expect(rows.map((r) => ({ objectType: r.objectType, ownerId: r.ownerId, event: r.event, data: JSON.parse(r.payload).data }))).toEqual([
      { objectType: "player_link", ownerId: game.id, event: "User.Account.Link.Removed", data: { sessionKey: null, user_ref: userRef } },
    ]);
  });
});

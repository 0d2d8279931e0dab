import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createInvite } from "@/lib/invites/create-invite";
import { openInviteSession } from "@/lib/invites/open-invite-session";
import { revokeInvite } from "@/lib/invites/revoke-invite";
import { initiateLinkSession } from "@/lib/linking/initiate-link-session";
import type { LinkScope } from "@/lib/linking/link-scope";
import { makeCampaign, makeGame } from "@/tests/support/fixtures";
import { makePlayer } from "@/tests/support/players";
import { linkEventsOf } from "@/tests/support/linking";
import { decideLinkSession } from "./decide-link-session";
import { loadLinkPage, recordOpened } from "@/lib/linking/load-link-page";

const gameScope = (gameId: string): LinkScope => ({ namespace: { type: "game", id: gameId }, environment: "test", owner: { type: "game", id: gameId } });
const uniqueEmail = () => `d-${Math.random().toString(36).slice(2, 10)}@example.com`;

const newSession = async (email?: string) => {
  const { game } = await makeGame();
  const { session } = await initiateLinkSession({ db: getDb() }, { scope: gameScope(game.id), email });
  return { game, session };
};

describe("decideLinkSession", () => {
  it("approves as the signed-in player: their userRef, Succeeded in the outbox", async () => {
    const email = uniqueEmail();
    const player = await makePlayer({ email, password: "password-1" });
    const { session } = await newSession();
    const after = await decideLinkSession({ db: getDb() }, { sessionKey: session.sessionKey, decision: "approve", email });
    expect(after).toMatchObject({ state: "approved", playerId: player.id, userRef: expect.stringMatching(/^gmu_test_/) });
    const events = await linkEventsOf(session.sessionKey);
    expect(events.map((e) => e.event)).toEqual(["User.Account.Link.Started", "User.Account.Link.Succeeded"]);
    expect(events[1]!.data).toMatchObject({ sessionKey: session.sessionKey, user_ref: after!.userRef });
  });

  it("does nothing when nobody is signed in", async () => {
    const { session } = await newSession();
    const after = await decideLinkSession({ db: getDb() }, { sessionKey: session.sessionKey, decision: "approve", email: null });
    expect(after).toMatchObject({ state: "pending", playerId: null, userRef: null });
    expect((await linkEventsOf(session.sessionKey)).map((e) => e.event)).toEqual(["User.Account.Link.Started"]);
  });

  it("backs out (Canceled), and a second press or a late approval changes nothing", async () => {
    const { session } = await newSession();
    expect(await decideLinkSession({ db: getDb() }, { sessionKey: session.sessionKey, decision: "cancel", email: null })).toMatchObject({ state: "canceled" });
    expect(await decideLinkSession({ db: getDb() }, { sessionKey: session.sessionKey, decision: "cancel", email: null })).toMatchObject({ state: "canceled" });
    expect(await decideLinkSession({ db: getDb() }, { sessionKey: session.sessionKey, decision: "approve", email: uniqueEmail() })).toMatchObject({
      state: "canceled",
      userRef: null,
    });
    expect((await linkEventsOf(session.sessionKey)).map((e) => e.event)).toEqual(["User.Account.Link.Started", "User.Account.Link.Canceled"]);
  });

  it("fails the session with a message when something prevents completion (an invite revoked meanwhile)", async () => {
    const { campaign } = await makeCampaign();
    const scope: LinkScope = { namespace: { type: "campaign", id: campaign.id }, environment: "test", owner: { type: "campaign", id: campaign.id } };
    const invite = await createInvite({ db: getDb() }, { scope });
    const { sessionKey } = await openInviteSession({ db: getDb() }, { code: invite.code });
    await revokeInvite({ db: getDb() }, { scope, code: invite.code });
    const after = await decideLinkSession({ db: getDb() }, { sessionKey, decision: "approve", email: uniqueEmail() });
    expect(after).toMatchObject({
      state: "failed",
      userRef: null,
      failureMessage: "This invite link has been revoked by its owner and can no longer be used.",
    });
    const events = await linkEventsOf(sessionKey);
    expect(events.map((e) => e.event)).toEqual(["User.Account.Link.Started", "User.Account.Link.Failed"]);
    expect(events[1]!.data).toEqual({ sessionKey, message: after!.failureMessage });
  });

  it("returns null for an unknown key", async () => {
    expect(await decideLinkSession({ db: getDb() }, { sessionKey: "lks_test_nope", decision: "cancel", email: null })).toBeNull();
  });
});

describe("the link page data", () => {
  it("records the first open once, and no second Started", async () => {
    const { session } = await newSession();
    const first = new Date("2026-01-01T00:00:00Z");
    expect((await recordOpened({ db: getDb() }, { session, now: first })).openedAt).toEqual(first);
    const row = await getDb().linkSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(row.openedAt).toEqual(first);
    await recordOpened({ db: getDb() }, { session: { ...row, openedAt: null }, now: new Date("2026-02-01T00:00:00Z") });
    expect((await getDb().linkSession.findUniqueOrThrow({ where: { id: session.id } })).openedAt).toEqual(first);
    expect((await linkEventsOf(session.sessionKey)).map((e) => e.event)).toEqual(["User.Account.Link.Started"]);
  });

  it("shows the game and whether the viewer is already linked, and nothing about the prefilled email's account", async () => {
    const email = uniqueEmail();
    const { game, session } = await newSession(email);
    let page = await loadLinkPage({ db: getDb() }, { sessionKey: session.sessionKey, player: null });
    expect(page).toMatchObject({ merchant: { kind: "game", name: game.name, imageUrl: null, environment: "test" }, alreadyLinked: false, approvedEmail: null });
    expect(Object.keys(page!).sort()).toEqual(["alreadyLinked", "approvedEmail", "locale", "merchant", "session"]);
    expect(page!.session.openedAt).toBeInstanceOf(Date);

    const player = await makePlayer({ email, password: "password-1" });
    const viewer = { playerId: player.id, email, name: "" };
    await decideLinkSession({ db: getDb() }, { sessionKey: session.sessionKey, decision: "approve", email });
    page = await loadLinkPage({ db: getDb() }, { sessionKey: session.sessionKey, player: viewer });
    expect(page).toMatchObject({ alreadyLinked: true, approvedEmail: email, session: { state: "approved" } });

    // A second session for the same game: the viewer is already linked, and approving keeps the userRef.
    const { session: second } = await initiateLinkSession({ db: getDb() }, { scope: gameScope(game.id) });
    expect((await loadLinkPage({ db: getDb() }, { sessionKey: second.sessionKey, player: viewer }))!.alreadyLinked).toBe(true);
    const again = await decideLinkSession({ db: getDb() }, { sessionKey: second.sessionKey, decision: "approve", email });
    expect(again!.userRef).toBe(page!.session.userRef);
    expect(await loadLinkPage({ db: getDb() }, { sessionKey: "lks_test_unknown", player: viewer })).toBeNull();
  });

  it("reads an overdue session as expired and does not mark it opened", async () => {
    const { game } = await makeGame();
    const { session } = await initiateLinkSession({ db: getDb() }, { scope: gameScope(game.id), now: new Date(Date.now() - 25 * 3600_000) });
    const page = await loadLinkPage({ db: getDb() }, { sessionKey: session.sessionKey, player: null });
    expect(page!.session).toMatchObject({ state: "expired", openedAt: null });
  });
});

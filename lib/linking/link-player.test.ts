// Where the player's consent is written on a link, and where it is not: approval on the hosted page
// (and an invite visit) records it; a link from an email alone (a grant, guest checkout) has none;
// re-approval renews it; removal clears it, and a re-activation without approval stays without.
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { makeCampaign, makeGame } from "../../tests/support/fixtures.ts";
import { createInvite } from "../invites/create-invite.ts";
import { visitInvite } from "../flows/visit-invite.ts";
import { approveLinkSession } from "../flows/approve-link-session.ts";
import { initiateLinkSession } from "./initiate-link-session.ts";
import { LINK_CONSENT_SCOPES } from "./link-consent.ts";
import { findOrCreatePlayer, linkPlayer } from "./link-player.ts";
import { linkScopeOf, type LinkScope } from "./link-scope.ts";
import { removeLink } from "./remove-link.ts";
import { campaignContextFor } from "../../tests/support/contexts.ts";

const db = () => getDb();
const gameScope = (gameId: string): LinkScope => ({ namespace: { type: "game", id: gameId }, environment: "test", owner: { type: "game", id: gameId } });
const linkRow = (userRef: string) => db().playerLink.findUniqueOrThrow({ where: { userRef } });
const approve = async (scope: LinkScope, email: string, now: Date) => {
  const { session } = await initiateLinkSession({ db: db() }, { scope, email });
  return approveLinkSession({ db: db() }, { scope, sessionKey: session.sessionKey, now });
};
const unapproved = { approvedAt: null, approvedSessionId: null, approvalScopes: [] };

describe("the player's consent on a link", () => {
  it("approval on the hosted page records who (the session), when and for what; approving again renews it", async () => {
    const scope = gameScope((await makeGame()).game.id);
    const t1 = new Date(Date.now() - 60_000);
    const first = await approve(scope, "ada@example.com", t1);
    expect(await linkRow(first.userRef!)).toMatchObject({
      status: "active",
      approvedAt: t1,
      approvedSessionId: first.id,
      approvalScopes: [...LINK_CONSENT_SCOPES],
    });
    const t2 = new Date();
    const second = await approve(scope, "ada@example.com", t2);
    expect(second.userRef).toBe(first.userRef);
    expect(await linkRow(first.userRef!)).toMatchObject({ approvedAt: t2, approvedSessionId: second.id, approvalScopes: [...LINK_CONSENT_SCOPES] });
  });

  it("a link made from an email alone has no approval, and does not take away an approval the player gave", async () => {
    const { game } = await makeGame();
    const player = await findOrCreatePlayer({ db: db() }, { email: "bea@example.com" });
    const grantLink = await linkPlayer({ db: db() }, { namespace: { type: "game", id: game.id }, environment: "test", playerId: player.id });
    expect(grantLink).toMatchObject({ status: "active", ...unapproved });
    const session = await approve(gameScope(game.id), "bea@example.com", new Date());
    expect(session.userRef).toBe(grantLink.userRef);
    // a later grant for the same email reuses the approved link unchanged
    const again = await linkPlayer({ db: db() }, { namespace: { type: "game", id: game.id }, environment: "test", playerId: player.id });
    expect(again).toMatchObject({ userRef: grantLink.userRef, approvedSessionId: session.id, approvalScopes: [...LINK_CONSENT_SCOPES] });
  });

  it("removal clears the approval; a re-activation without the player stays unapproved until they approve again", async () => {
    const { game } = await makeGame();
    const scope = gameScope(game.id);
    const session = await approve(scope, "cy@example.com", new Date());
    const removed = await removeLink({ db: db() }, { scope, userRef: session.userRef! });
    expect(removed).toMatchObject({ status: "unlinked", ...unapproved });
    const reactivated = await linkPlayer({ db: db() }, { namespace: { type: "game", id: game.id }, environment: "test", playerId: session.playerId! });
    expect(reactivated).toMatchObject({ userRef: session.userRef, status: "active", unlinkedAt: null, ...unapproved });
    const back = await approve(scope, "cy@example.com", new Date());
    expect(await linkRow(session.userRef!)).toMatchObject({ status: "active", approvedSessionId: back.id, approvalScopes: [...LINK_CONSENT_SCOPES] });
  });

  it("an invite visit approves like the hosted page: the invite's session is recorded on the link", async () => {
    const c = await makeCampaign();
    const scope = linkScopeOf(campaignContextFor(c.campaign, { db: db() }));
    const invite = await createInvite({ db: db() }, { scope });
    const visit = await visitInvite({ db: db() }, { scope, code: invite.code, email: "dee@example.com", testHelperOf: c.business.id });
    const row = await db().linkSession.findUniqueOrThrow({ where: { sessionKey: visit.session.sessionKey } });
    expect(await linkRow(row.userRef!)).toMatchObject({
      namespaceType: "campaign",
      approvedSessionId: row.id,
      approvedAt: row.approvedAt,
      approvalScopes: [...LINK_CONSENT_SCOPES],
    });
  });
});

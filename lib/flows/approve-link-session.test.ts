// approveLinkSession with sessions opened from a link invite: the use is counted, or the session fails.
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { makeCampaign } from "../../tests/support/fixtures.ts";
import { linkEventsOf } from "../../tests/support/linking.ts";
import { approveLinkSession } from "./approve-link-session.ts";
import { initiateLinkSession } from "../linking/initiate-link-session.ts";
import { linkScopeOf } from "../linking/link-scope.ts";
import { createInvite } from "../invites/create-invite.ts";
import { openInviteSession } from "../invites/open-invite-session.ts";
import { revokeInvite } from "../invites/revoke-invite.ts";
import { updateInvite } from "../invites/update-invite.ts";
import { campaignContextFor } from "../../tests/support/contexts.ts";

const db = () => getDb();
const setup = async (body: { maxUses?: number; expiresAt?: Date } = {}) => {
  const c = await makeCampaign();
  const scope = linkScopeOf(campaignContextFor(c.campaign, { db: db() }));
  const invite = await createInvite({ db: db() }, { scope, ...body });
  return { ...c, scope, code: invite.code };
};
const sessionRow = (sessionKey: string) => db().linkSession.findUniqueOrThrow({ where: { sessionKey } });
const usesOf = async (code: string) => (await db().linkInvite.findUniqueOrThrow({ where: { code } })).currentUses;

describe("approving a session opened from an invite", () => {
  it("counts one use in the approval's transaction", async () => {
    const { code } = await setup({ maxUses: 5 });
    const { sessionKey } = await openInviteSession({ db: db() }, { code });
    const approved = await approveLinkSession({ db: db() }, { sessionKey, email: "p@example.com" });
    expect(approved.state).toBe("approved");
    expect(await usesOf(code)).toBe(1);
  });

  it.each([
    ["paused", "INVITE_PAUSED", 409, "This invite link has been paused by its owner. Try again later."],
    ["revoked", "INVITE_REVOKED", 410, "This invite link has been revoked by its owner and can no longer be used."],
    ["expired", "INVITE_EXPIRED", 410, "This invite link has expired."],
    ["used up", "INVITE_USED_UP", 409, "This invite link has reached its maximum number of uses."],
  ])("an invite %s after the visit: the session fails with Link.Failed naming why, nobody is linked, no use counted", async (what, code_, status, message) => {
    const { campaign, scope, code } = await setup({ maxUses: 1, expiresAt: new Date(Date.now() + 3600_000) });
    const { sessionKey } = await openInviteSession({ db: db() }, { code });
    if (what === "paused") await updateInvite({ db: db() }, { scope, code, body: { status: "paused" } });
    if (what === "revoked") await revokeInvite({ db: db() }, { scope, code });
    if (what === "expired") await db().linkInvite.update({ where: { code }, data: { expiresAt: new Date(Date.now() - 1) } });
    if (what === "used up") await approveLinkSession({ db: db() }, { sessionKey: (await openInviteSession({ db: db() }, { code })).sessionKey });
    const usesBefore = await usesOf(code);

    await expect(approveLinkSession({ db: db() }, { sessionKey, email: "late@example.com" })).rejects.toMatchObject({ code: code_, status, message });
    expect(await sessionRow(sessionKey)).toMatchObject({ state: "failed", failureMessage: message, playerId: null, userRef: null });
    expect(await linkEventsOf(sessionKey)).toEqual([
      { event: "User.Account.Link.Started", sequence: 1, data: { sessionKey } },
      { event: "User.Account.Link.Failed", sequence: 2, data: { sessionKey, message } },
    ]);
    expect(await db().player.findUnique({ where: { email: "late@example.com" } })).toBeNull();
    expect(await db().playerLink.count({ where: { namespaceId: campaign.id } })).toBe(what === "used up" ? 1 : 0);
    expect(await usesOf(code)).toBe(usesBefore);
  });

  it("a session without an invite is approved as before and touches no invite", async () => {
    const { code, scope } = await setup({ maxUses: 1 });
    const { session } = await initiateLinkSession({ db: db() }, { scope, email: "plain@example.com" });
    expect((await approveLinkSession({ db: db() }, { sessionKey: session.sessionKey })).state).toBe("approved");
    expect(await usesOf(code)).toBe(0);
  });
});

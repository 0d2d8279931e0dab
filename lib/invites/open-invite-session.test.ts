import { describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { makeCampaign } from "../../tests/support/fixtures.ts";
import { linkEventsOf } from "../../tests/support/linking.ts";
import { linkScopeOf } from "../linking/link-scope.ts";
import { linkSessionUrl } from "../linking/link-session-url.ts";
import { createInvite } from "./create-invite.ts";
import { describeInvite } from "./describe-invite.ts";
import { openInviteSession } from "./open-invite-session.ts";
import { revokeInvite } from "./revoke-invite.ts";
import { updateInvite } from "./update-invite.ts";
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

describe("openInviteSession", () => {
  it("opens a new pending session per visit, even for the same email, with the invite code and the campaign as owner; counts no use", async () => {
    const { campaign, code } = await setup();
    const a = await openInviteSession({ db: db() }, { code, email: " Same@Example.com " });
    const b = await openInviteSession({ db: db() }, { code, email: "same@example.com" });
    expect(a.sessionKey).not.toBe(b.sessionKey);
    expect(a.url).toBe(linkSessionUrl(a.sessionKey));
    for (const s of [a, b]) {
      expect(await sessionRow(s.sessionKey)).toMatchObject({
        state: "pending",
        inviteCode: code,
        namespaceType: "campaign",
        namespaceId: campaign.id,
        environment: "test",
        ownerType: "campaign",
        ownerId: campaign.id,
        prefilledEmail: "same@example.com",
        idempotencyKey: null,
      });
      expect(await linkEventsOf(s.sessionKey, { withOwner: true })).toEqual([
        { event: "User.Account.Link.Started", sequence: 1, ownerType: "campaign", ownerId: campaign.id, data: { sessionKey: s.sessionKey } },
      ]);
    }
    const row = await sessionRow(a.sessionKey);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(24 * 3600_000);
    expect(await usesOf(code)).toBe(0);
  });

  it("refuses unknown, paused, revoked, expired and used-up invites with codes and visitor messages; opens nothing", async () => {
    await expect(openInviteSession({ db: db() }, { code: "inv_test_missing" })).rejects.toMatchObject({ code: "INVITE_NOT_FOUND", status: 404 });
    const paused = await setup();
    await updateInvite({ db: db() }, { scope: paused.scope, code: paused.code, body: { status: "paused" } });
    await expect(openInviteSession({ db: db() }, { code: paused.code })).rejects.toMatchObject({
      code: "INVITE_PAUSED",
      status: 409,
      message: "This invite link has been paused by its owner. Try again later.",
    });
    const revoked = await setup();
    await revokeInvite({ db: db() }, { scope: revoked.scope, code: revoked.code });
    await expect(openInviteSession({ db: db() }, { code: revoked.code })).rejects.toMatchObject({ code: "INVITE_REVOKED", status: 410 });
    const expiring = await setup({ expiresAt: new Date(Date.now() + 60_000) });
    await expect(openInviteSession({ db: db() }, { code: expiring.code, now: new Date(Date.now() + 61_000) })).rejects.toMatchObject({
      code: "INVITE_EXPIRED",
      status: 410,
      message: "This invite link has expired.",
    });
    const full = await setup({ maxUses: 1 });
    await db().linkInvite.update({ where: { code: full.code }, data: { currentUses: 1 } });
    await expect(openInviteSession({ db: db() }, { code: full.code })).rejects.toMatchObject({ code: "INVITE_USED_UP", status: 409 });
    expect(await db().linkSession.count({ where: { inviteCode: { in: [paused.code, revoked.code, expiring.code, full.code] } } })).toBe(0);
  });
});

describe("describeInvite", () => {
  it("shows the campaign's name and image and whether the invite works, creating nothing", async () => {
    const { campaign, scope, code } = await setup();
    await db().campaign.update({ where: { id: campaign.id }, data: { publicName: "Spring Quest", imageUrl: "https://img.example.test/q.png" } });
    expect(await describeInvite({ db: db() }, { code })).toEqual({
      code,
      status: "active",
      environment: "test",
      namespaceType: "campaign",
      namespaceId: campaign.id,
      name: "Spring Quest",
      imageUrl: "https://img.example.test/q.png",
      usable: true,
      refusal: null,
    });
    await updateInvite({ db: db() }, { scope, code, body: { status: "paused" } });
    expect(await describeInvite({ db: db() }, { code })).toMatchObject({
      status: "paused",
      usable: false,
      refusal: { code: "INVITE_PAUSED", status: 409, message: "This invite link has been paused by its owner. Try again later." },
    });
    expect(await db().linkSession.count({ where: { inviteCode: code } })).toBe(0);
    await expect(describeInvite({ db: db() }, { code: "inv_test_nope" })).rejects.toMatchObject({ code: "INVITE_NOT_FOUND", status: 404 });
    // the join page /join/%00: a NUL character (PostgreSQL text cannot hold it) is an unknown code, not a 500
    await expect(describeInvite({ db: db() }, { code: "inv_test_\u0000" })).rejects.toMatchObject({ code: "INVITE_NOT_FOUND", status: 404 });
    await expect(openInviteSession({ db: db() }, { code: "inv_test_\u0000" })).rejects.toMatchObject({ code: "INVITE_NOT_FOUND", status: 404 });
  });
});

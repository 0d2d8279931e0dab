import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "./route";
import { POST as APPROVE } from "../../../link-sessions/[sessionKey]/approve/route";
import { POST as CREATE } from "@/app/api/v1/campaign/[id]/link-invites/route";
import { DELETE, PATCH } from "@/app/api/v1/campaign/[id]/link-invites/[code]/route";
import { call } from "@/tests/support/http";
import { makeCampaign, makeGame, makePlatform } from "@/tests/support/fixtures";
import { linkEventsOf } from "@/tests/support/linking";
import { startReceiver, type Receiver } from "@/tests/support/webhook-receiver";
import { getDb } from "@/lib/db/client";
import { openInviteSession } from "@/lib/invites/open-invite-session";
import { deliverWebhook } from "@/lib/webhooks/deliver";
import { setWebhookEndpoint } from "@/lib/webhooks/set-webhook-endpoint";
import { grantPlatformOn } from "@/tests/support/platform";

type C = Awaited<ReturnType<typeof makeCampaign>>;
const create = async (c: C, body: Record<string, unknown> = {}) => (await call(CREATE, { headers: c.headers, params: { id: c.campaign.id }, body })).body;
const visit = (headers: Record<string, string>, code: string, body: Record<string, unknown> = {}) => call(POST, { headers, params: { code }, body });
const sessionsOf = (code: string) => getDb().linkSession.findMany({ where: { inviteCode: code }, orderBy: { createdAt: "asc" } });
const usesOf = async (code: string) => (await getDb().linkInvite.findUniqueOrThrow({ where: { code } })).currentUses;
const linksOf = (campaignId: string) => getDb().playerLink.findMany({ where: { namespaceId: campaignId } });

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

describe("POST /v1/test-helpers/link-invites/{code}/visit", () => {
  it("a visitor opens the invite and approves: a new session with the invite code, a pvu_test_ link, one use; returns {invite, session}", async () => {
    const c = await makeCampaign();
    const invite = await create(c, { label: "launch", maxUses: 10 });
    const res = await visit(c.headers, invite.code, { email: "Ana@Example.com", name: "Ana" });
    expect(res.status).toBe(200);
    expect(res.body.invite).toEqual({ ...invite, currentUses: 1, updatedAt: expect.any(String) });
    const { session } = res.body;
    expect(session).toMatchObject({
      namespaceType: "campaign",
      campaignId: c.campaign.id,
      campaignName: c.campaign.name,
      state: "approved",
      environment: "test",
      prefilledEmail: "ana@example.com",
    });
    expect(session.userRef).toMatch(/^pvu_test_[0-9a-f]{24}$/);
    expect(session.sessionKey).toMatch(/^lks_test_[0-9a-f]{32}$/);

    const row = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey: session.sessionKey } });
    const player = await getDb().player.findUniqueOrThrow({ where: { email: "ana@example.com" } });
    expect(player.name).toBe("Ana");
    expect(row).toMatchObject({
      inviteCode: invite.code,
      namespaceType: "campaign",
      namespaceId: c.campaign.id,
      ownerType: "campaign",
      ownerId: c.campaign.id,
      playerId: player.id,
      userRef: session.userRef,
    });
    expect(await getDb().playerLink.findUniqueOrThrow({ where: { userRef: session.userRef } })).toMatchObject({
      playerId: player.id,
      namespaceId: c.campaign.id,
      status: "active",
    });
    expect(await linkEventsOf(session.sessionKey, { withOwner: true })).toEqual([
      { event: "User.Account.Link.Started", sequence: 1, ownerType: "campaign", ownerId: c.campaign.id, data: { sessionKey: session.sessionKey } },
      {
        event: "User.Account.Link.Succeeded",
        sequence: 2,
        ownerType: "campaign",
        ownerId: c.campaign.id,
        data: { sessionKey: session.sessionKey, user_ref: session.userRef, metadata: { idempotencyKey: null } },
      },
    ]);
  });

  it("two different visitors: two sessions, two different userRefs, currentUses 2", async () => {
    const c = await makeCampaign();
    const { code } = await create(c);
    const a = await visit(c.headers, code, { email: "one@example.com" });
    const b = await visit(c.headers, code, { email: "two@example.com" });
    expect(a.body.session.userRef).toMatch(/^pvu_test_/);
    expect(b.body.session.userRef).toMatch(/^pvu_test_/);
    expect(a.body.session.userRef).not.toBe(b.body.session.userRef);
    expect(b.body.invite.currentUses).toBe(2);
    expect(await usesOf(code)).toBe(2);
    expect((await sessionsOf(code)).map((s) => s.state)).toEqual(["approved", "approved"]);
    expect((await linksOf(c.campaign.id)).map((l) => l.userRef).sort()).toEqual([a.body.session.userRef, b.body.session.userRef].sort());
  });

  it("without an email each visit is a new random account", async () => {
    const c = await makeCampaign();
    const { code } = await create(c);
    const a = await visit(c.headers, code);
    const b = await visit(c.headers, code);
    expect(a.body.session.userRef).not.toBe(b.body.session.userRef);
    expect(await usesOf(code)).toBe(2);
  });

  it("the same email twice: the same userRef (stable reference), a second approved session, and both visits count", async () => {
    const c = await makeCampaign();
    const { code } = await create(c);
    const first = await visit(c.headers, code, { email: "same@example.com" });
    const second = await visit(c.headers, code, { email: "same@example.com" });
    expect(second.status).toBe(200);
    expect(second.body.session.userRef).toBe(first.body.session.userRef);
    expect(second.body.session.sessionKey).not.toBe(first.body.session.sessionKey);
    expect((await sessionsOf(code)).map((s) => [s.state, s.userRef])).toEqual([
      ["approved", first.body.session.userRef],
      ["approved", first.body.session.userRef],
    ]);
    expect(await linksOf(c.campaign.id)).toHaveLength(1);
    expect(second.body.invite.currentUses).toBe(2);
  });

  it("a paused invite refuses with 409 INVITE_PAUSED and links nobody; active again, it works", async () => {
    const c = await makeCampaign();
    const { code } = await create(c);
    await call(PATCH, { headers: c.headers, params: { id: c.campaign.id, code }, body: { status: "paused" } });
    const res = await visit(c.headers, code, { email: "wait@example.com" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "INVITE_PAUSED", error: "This invite link has been paused by its owner. Try again later." });
    expect(await sessionsOf(code)).toEqual([]);
    expect(await getDb().player.findUnique({ where: { email: "wait@example.com" } })).toBeNull();
    expect(await linksOf(c.campaign.id)).toEqual([]);
    expect(await usesOf(code)).toBe(0);

    await call(PATCH, { headers: c.headers, params: { id: c.campaign.id, code }, body: { status: "active" } });
    expect((await visit(c.headers, code, { email: "wait@example.com" })).status).toBe(200);
  });

  it("a revoked invite: 410 INVITE_REVOKED; nothing linked", async () => {
    const c = await makeCampaign();
    const { code } = await create(c);
    await call(DELETE, { headers: c.headers, params: { id: c.campaign.id, code } });
    const res = await visit(c.headers, code);
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ code: "INVITE_REVOKED", error: "This invite link has been revoked by its owner and can no longer be used." });
    expect(await sessionsOf(code)).toEqual([]);
    expect(await linksOf(c.campaign.id)).toEqual([]);
  });

  it("maxUses reached: 409 INVITE_USED_UP and no further link", async () => {
    const c = await makeCampaign();
    const { code } = await create(c, { maxUses: 2 });
    expect((await visit(c.headers, code)).status).toBe(200);
    expect((await visit(c.headers, code)).body.invite).toMatchObject({ currentUses: 2, maxUses: 2, status: "active" });
    const res = await visit(c.headers, code, { email: "late@example.com" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "INVITE_USED_UP", error: "This invite link has reached its maximum number of uses." });
    expect(await usesOf(code)).toBe(2);
    expect(await linksOf(c.campaign.id)).toHaveLength(2);
    expect(await sessionsOf(code)).toHaveLength(2);
  });

  it("an expired invite: 410 INVITE_EXPIRED", async () => {
    const c = await makeCampaign();
    const { code } = await create(c, { expiresAt: new Date(Date.now() + 3600_000).toISOString() });
    await getDb().linkInvite.update({ where: { code }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await visit(c.headers, code);
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ code: "INVITE_EXPIRED", error: "This invite link has expired." });
    expect(await sessionsOf(code)).toEqual([]);
    expect(await usesOf(code)).toBe(0);
  });

  it("concurrency: maxUses 3, 8 visitors in parallel: exactly 3 links and currentUses 3; the others get INVITE_USED_UP", async () => {
    const c = await makeCampaign();
    const { code } = await create(c, { maxUses: 3 });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => visit(c.headers, code, { email: `rush${i}@example.com` })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe("INVITE_USED_UP");
    expect(await usesOf(code)).toBe(3);
    expect(await linksOf(c.campaign.id)).toHaveLength(3);
    const sessions = await sessionsOf(code);
    expect(sessions.filter((s) => s.state === "approved")).toHaveLength(3);
    // visits refused at approval time (after their session opened) leave a failed session, never a link
    for (const s of sessions.filter((x) => x.state !== "approved"))
      expect(s).toMatchObject({ state: "failed", userRef: null, failureMessage: "This invite link has reached its maximum number of uses." });
  });

  it("concurrency at approval: 8 sessions opened while the invite had room, approved in parallel: exactly 3 approved, 5 failed with Link.Failed", async () => {
    const c = await makeCampaign();
    const { code } = await create(c, { maxUses: 3 });
    const keys = [];
    for (let i = 0; i < 8; i++) keys.push((await openInviteSession({ db: getDb() }, { code, email: `open${i}@example.com` })).sessionKey);
    const results = await Promise.all(keys.map((sessionKey) => call(APPROVE, { headers: c.headers, params: { sessionKey } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(Array(5).fill("INVITE_USED_UP"));
    expect(await usesOf(code)).toBe(3);
    expect(await linksOf(c.campaign.id)).toHaveLength(3);
    const states = (await sessionsOf(code)).map((s) => s.state);
    expect(states.filter((s) => s === "approved")).toHaveLength(3);
    expect(states.filter((s) => s === "failed")).toHaveLength(5);
    for (const [i, sessionKey] of keys.entries()) {
      const events = await linkEventsOf(sessionKey);
      if (results[i].status === 200) expect(events.map((e) => e.event)).toEqual(["User.Account.Link.Started", "User.Account.Link.Succeeded"]);
      else
        expect(events[1]).toEqual({
          event: "User.Account.Link.Failed",
          sequence: 2,
          data: { sessionKey, message: "This invite link has reached its maximum number of uses." },
        });
    }
  });

  it("webhooks: Started and Succeeded are delivered to the campaign's endpoint", async () => {
    const c = await makeCampaign();
    await setWebhookEndpoint({ db: getDb() }, { owner: { type: "campaign", id: c.campaign.id }, url: receiver.url, rotateSecret: true });
    const { code } = await create(c);
    const res = await visit(c.headers, code, { email: "hooked@example.com" });
    const { sessionKey, userRef } = res.body.session;
    const s = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } });
    const events = await getDb().webhookEvent.findMany({ where: { objectId: s.id }, orderBy: { sequence: "asc" }, include: { deliveries: true } });
    expect(events.map((e) => [e.event, e.ownerType, e.ownerId])).toEqual([
      ["User.Account.Link.Started", "campaign", c.campaign.id],
      ["User.Account.Link.Succeeded", "campaign", c.campaign.id],
    ]);
    for (const e of events) {
      expect(e.deliveries.map((d) => d.url)).toEqual([receiver.url]);
      expect(await deliverWebhook(getDb(), e.deliveries[0].id)).toBe("succeeded");
    }
    const [started] = receiver.forEvent(events[0].id);
    const [succeeded] = receiver.forEvent(events[1].id);
    expect(JSON.parse(started.rawBody)).toMatchObject({ event: "User.Account.Link.Started", data: { sessionKey } });
    expect(JSON.parse(succeeded.rawBody)).toMatchObject({
      event: "User.Account.Link.Succeeded",
      data: { sessionKey, user_ref: userRef, metadata: { idempotencyKey: null } },
    });
  });

  it("an Idempotency-Key replays the first visit and counts one use", async () => {
    const c = await makeCampaign();
    const { code } = await create(c);
    const h = { ...c.headers, "idempotency-key": "visit-1" };
    const first = await visit(h, code, { email: "idem@example.com" });
    const again = await visit(h, code, { email: "idem@example.com" });
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await usesOf(code)).toBe(1);
    expect(await sessionsOf(code)).toHaveLength(1);
  });

  it("404 for a live key (even on its own invite), another campaign's key, a server key, a platform key and an unknown code; nothing changes", async () => {
    const live = await makeCampaign({ environment: "live" });
    const liveInvite = await create(live);
    const liveRes = await visit(live.headers, liveInvite.code);
    expect(liveRes.status).toBe(404);
    expect(liveRes.body.code).toBe("NOT_FOUND");
    expect(await sessionsOf(liveInvite.code)).toEqual([]);

    const c = await makeCampaign();
    const { code } = await create(c);
    for (const headers of [(await makeCampaign()).headers, (await makeGame()).headers, (await makePlatform()).headers]) {
      const res = await visit(headers, code, { email: "intruder@example.com" });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("INVITE_NOT_FOUND");
    }
    expect((await visit(c.headers, "inv_test_nope")).body.code).toBe("INVITE_NOT_FOUND");
    expect(await sessionsOf(code)).toEqual([]);
    expect(await usesOf(code)).toBe(0);
    expect(await getDb().player.findUnique({ where: { email: "intruder@example.com" } })).toBeNull();
  });

  it("a platform key acting for a business visits the invites of that business's campaigns, not another business's", async () => {
    const c = await makeCampaign();
    const p = await grantPlatformOn(c.business.id);
    const tb = { ...p.headers, "x-target-business-id": c.business.id };
    const { code } = await create(c);
    const res = await visit(tb, code, { email: "plat@example.com" });
    expect(res.status).toBe(200);
    expect(res.body.invite.currentUses).toBe(1);
    expect(res.body.session).toMatchObject({ namespaceType: "campaign", campaignId: c.campaign.id, state: "approved" });

    const other = await makeCampaign();
    const theirs = await create(other);
    const foreign = await visit(tb, theirs.code, { email: "plat2@example.com" });
    expect([foreign.status, foreign.body.code]).toEqual([404, "INVITE_NOT_FOUND"]);
    expect(await usesOf(theirs.code)).toBe(0);
    expect(await sessionsOf(theirs.code)).toEqual([]);
  });

  it("401 without a key; 400 naming email for an invalid email, with nothing linked", async () => {
    const c = await makeCampaign();
    const { code } = await create(c);
    expect((await visit({}, code)).status).toBe(401);
    const res = await visit(c.headers, code, { email: "nope" });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: "email", message: "must be a valid email address, like name@example.com" }]);
    expect(await sessionsOf(code)).toEqual([]);
  });
});

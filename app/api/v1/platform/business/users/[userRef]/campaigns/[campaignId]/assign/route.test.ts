import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { POST } from "./route";
import { POST as REMOVE } from "../../../link/remove/route";
import { call } from "@/tests/support/http";
import { expectBusinessAuth, expectScopeRefusals, idem, linkBusinessUser, makeBusinessTenant } from "@/tests/support/business";
import { linkEventsOf } from "@/tests/support/linking";
import { getDb } from "@/lib/db/client";
import { createCampaign } from "@/lib/campaigns/create-campaign";
import { removeLink } from "@/lib/linking/remove-link";
import type { Environment } from "@/lib/core/environment";
import { approveBusinessForLive } from "@/tests/support/activation";

const makeCampaignOf = (businessId: string, environment: Environment = "test") =>
  createCampaign(
    { db: getDb() },
    { businessId, environment, name: `Camp ${randomBytes(3).toString("hex")}`, events: [{ code: "win", name: "Win", payoutMicros: 1_000_000n }] },
  );

const state = async () => ({
  links: await getDb().playerLink.count({ where: { namespaceType: "campaign" } }),
  sessions: await getDb().linkSession.count({ where: { namespaceType: "campaign" } }),
  events: await getDb().webhookEvent.count(),
});

describe("POST /v1/platform/business/users/{userRef}/campaigns/{campaignId}/assign", () => {
  it("201: the campaign's link session is created and approved for the player (pvu_test_ reference, approved link, webhooks to the platform); 200 once assigned; a replay is the first answer", async () => {
    const t = await makeBusinessTenant();
    const campaign = await makeCampaignOf(t.business.id);
    const { userRef, email, player } = await linkBusinessUser(t.tb);
    const params = { userRef, campaignId: campaign.id };
    const headers = idem(t.tb);
    const first = await call(POST, { headers, params });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(first.body).toEqual({ campaignUserRef: expect.stringMatching(/^pvu_test_[0-9a-f]{24}$/), email, assigned: true });
    const link = await getDb().playerLink.findUniqueOrThrow({ where: { userRef: first.body.campaignUserRef } });
    expect(link).toMatchObject({
      namespaceType: "campaign",
      namespaceId: campaign.id,
      environment: "test",
      playerId: player.id,
      status: "active",
      approvalScopes: ["balance:read", "wallet:spend", "vc:spend"],
    });
    const session = await getDb().linkSession.findFirstOrThrow({ where: { namespaceType: "campaign", namespaceId: campaign.id } });
    expect(session).toMatchObject({
      state: "approved",
      ownerType: "platform",
      ownerId: t.platform.id,
      playerId: player.id,
      userRef: first.body.campaignUserRef,
    });
    expect(link.approvedSessionId).toBe(session.id);
    expect((await linkEventsOf(session.sessionKey, { withOwner: true })).map((e) => [e.event, e.ownerType, e.ownerId, e.data.user_ref ?? null])).toEqual([
      ["User.Account.Link.Started", "platform", t.platform.id, null],
      ["User.Account.Link.Succeeded", "platform", t.platform.id, first.body.campaignUserRef],
    ]);

    const replay = await call(POST, { headers, params });
    expect([replay.status, replay.text, replay.headers.get("idempotent-replayed")]).toEqual([201, first.text, "true"]);
    const before = await state();
    const again = await call(POST, { headers: idem(t.tb), params });
    // another Idempotency-Key, the same assignment: the service recognises the repeat (natural key), a replay too
    expect([again.status, again.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect(again.body).toEqual(first.body);
    expect(await state()).toEqual(before);
  });

  it("a player whose campaign link was removed gets the same campaign reference back (201)", async () => {
    const t = await makeBusinessTenant();
    const campaign = await makeCampaignOf(t.business.id);
    const { userRef } = await linkBusinessUser(t.tb);
    const first = await call(POST, { headers: idem(t.tb), params: { userRef, campaignId: campaign.id } });
    await removeLink(
      { db: getDb() },
      {
        scope: { namespace: { type: "campaign", id: campaign.id }, environment: "test", owner: { type: "campaign", id: campaign.id } },
        userRef: first.body.campaignUserRef,
      },
    );
    const back = await call(POST, { headers: idem(t.tb), params: { userRef, campaignId: campaign.id } });
    expect([back.status, back.body.campaignUserRef]).toEqual([201, first.body.campaignUserRef]);
    expect((await getDb().playerLink.findUniqueOrThrow({ where: { userRef: back.body.campaignUserRef } })).status).toBe("active");
  });

  it("assignments at once make one link: one 201, the others 200 with the same reference", async () => {
    const t = await makeBusinessTenant();
    const campaign = await makeCampaignOf(t.business.id);
    const { userRef } = await linkBusinessUser(t.tb);
    const results = await Promise.all([0, 1, 2, 3].map(() => call(POST, { headers: idem(t.tb), params: { userRef, campaignId: campaign.id } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.campaignUserRef)).size).toBe(1);
    expect(await getDb().playerLink.count({ where: { namespaceType: "campaign", namespaceId: campaign.id } })).toBe(1);
    expect(await getDb().linkSession.count({ where: { namespaceType: "campaign", namespaceId: campaign.id } })).toBe(1);
  });

  it("404 CAMPAIGN_NOT_FOUND for another business's campaign or one of the other environment; the userRef errors; nothing changes", async () => {
    const t = await makeBusinessTenant();
    const other = await makeBusinessTenant();
    const foreignCampaign = await makeCampaignOf(other.business.id);
    await approveBusinessForLive(t.business.id); // the test is about something else: a live business is an approved one
    const liveCampaign = await makeCampaignOf(t.business.id, "live");
    const campaign = await makeCampaignOf(t.business.id);
    const mine = await linkBusinessUser(t.tb);
    const theirs = await linkBusinessUser(other.tb);
    const removed = await linkBusinessUser(t.tb);
    await call(REMOVE, { headers: t.tb, params: { userRef: removed.userRef } });
    const before = await state();
    for (const [userRef, campaignId, status, code] of [
      [mine.userRef, foreignCampaign.id, 404, "CAMPAIGN_NOT_FOUND"],
      [mine.userRef, liveCampaign.id, 404, "CAMPAIGN_NOT_FOUND"],
      [mine.userRef, "000000000000000000000000", 404, "CAMPAIGN_NOT_FOUND"],
      ["pvu_test_123", campaign.id, 400, "INVALID_USER_REF"],
      [theirs.userRef, campaign.id, 404, "USER_REF_NOT_FOUND"],
      [removed.userRef, campaign.id, 404, "LINK_NOT_FOUND"],
    ] as const) {
      const res = await call(POST, { headers: idem(t.tb), params: { userRef, campaignId } });
      expect([res.status, res.body.code], `${userRef} ${campaignId}`).toEqual([status, code]);
    }
    expect(await state()).toEqual(before);
    const noKey = await call(POST, { headers: t.tb, params: { userRef: mine.userRef, campaignId: campaign.id } });
    expect([noKey.status, noKey.body.code]).toEqual([400, "IDEMPOTENCY_KEY_REQUIRED"]);
  });

  it("refuses strangers and each set lacking business:users:link:create (it writes)", async () => {
    const t = await makeBusinessTenant();
    const campaign = await makeCampaignOf(t.business.id);
    const { userRef } = await linkBusinessUser(t.tb);
    const params = { userRef, campaignId: campaign.id };
    await expectBusinessAuth(POST, { params, headers: {} }, idem(t.tb));
    await expectScopeRefusals("business:users:link:create", (x) => call(POST, { headers: idem(x.tb), params }));
    expect(await getDb().playerLink.count({ where: { namespaceType: "campaign", namespaceId: campaign.id } })).toBe(0);
  });
});

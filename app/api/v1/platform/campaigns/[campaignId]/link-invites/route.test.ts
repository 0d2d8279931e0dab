import { describe, expect, it } from "vitest";
import { GET, POST } from "./route";
import { POST as CAMPAIGN_CREATE } from "@/app/api/v1/campaign/[id]/link-invites/route";
import { POST as VISIT } from "@/app/api/v1/test-helpers/link-invites/[code]/visit/route";
import { GET as CAMPAIGN_USERS } from "@/app/api/v1/campaign/[id]/users/route";
import { call } from "@/tests/support/http";
import { makeGame } from "@/tests/support/fixtures";
import { linkEventsOf } from "@/tests/support/linking";
import { expectScopeRefusals, idem } from "@/tests/support/business";
import { grantPlatformOn, makeCampaignIn } from "@/tests/support/platform";
import { makeCampaignWith } from "@/tests/support/campaigns";
import { getDb } from "@/lib/db/client";
import { appBaseUrl } from "@/lib/config/settings";

const setup = async () => {
  const c = await makeCampaignWith();
  const p = await grantPlatformOn(c.business.id);
  return { ...c, p, params: { campaignId: c.campaign.id } };
};

const invitesOf = (campaignId: string) => getDb().linkInvite.count({ where: { namespaceId: campaignId } });

describe("POST /v1/platform/campaigns/{campaignId}/link-invites", () => {
  it("201 with Location: an active invite of the campaign whose sessions report to the platform; a visitor becomes the campaign key's user", async () => {
    const { campaign, headers, p, params } = await setup();
    const expiresAt = new Date(Date.now() + 48 * 3600_000).toISOString();
    const res = await call(POST, { headers: p.headers, params, body: { label: "  Launch  ", maxUses: 10, expiresAt } });
    expect(res.status).toBe(201);
    const { code } = res.body;
    expect(code).toMatch(/^inv_test_[0-9A-Za-z]{24}$/);
    expect(res.body).toEqual({
      code,
      label: "Launch",
      status: "active",
      maxUses: 10,
      currentUses: 0,
      expiresAt,
      url: `${appBaseUrl()}/join/${code}`,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(res.headers.get("location")).toBe(res.body.url);
    expect(await getDb().linkInvite.findUniqueOrThrow({ where: { code } })).toMatchObject({
      namespaceType: "campaign",
      namespaceId: campaign.id,
      environment: "test",
      ownerType: "platform",
      ownerId: p.platform.id,
    });

    // a visitor links to the campaign through the platform's invite
    const visit = await call(VISIT, {
      headers: { ...p.headers, "x-target-business-id": campaign.businessId },
      params: { code },
      body: { email: "vic@example.com" },
    });
    expect(visit.status).toBe(200);
    expect(visit.body.invite.currentUses).toBe(1);
    const { sessionKey, userRef } = visit.body.session;
    expect(userRef).toMatch(/^pvu_test_/);
    expect((await linkEventsOf(sessionKey, { withOwner: true })).map((e) => [e.event, e.ownerType, e.ownerId])).toEqual([
      ["User.Account.Link.Started", "platform", p.platform.id],
      ["User.Account.Link.Succeeded", "platform", p.platform.id],
    ]);
    expect((await call(CAMPAIGN_USERS, { headers, params: { id: campaign.id } })).body.users).toEqual([
      expect.objectContaining({ userRef, email: "vic@example.com" }),
    ]);
  });

  it("an Idempotency-Key replays the first response and creates one invite; another body with the key is 422", async () => {
    const { campaign, p, params } = await setup();
    const first = await call(POST, { headers: idem(p.headers, "inv-1"), params, body: { label: "once" } });
    const again = await call(POST, { headers: idem(p.headers, "inv-1"), params, body: { label: "once" } });
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const other = await call(POST, { headers: idem(p.headers, "inv-1"), params, body: { label: "twice" } });
    expect([other.status, other.body.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
    expect(await invitesOf(campaign.id)).toBe(1);
  });

  it.each([
    [{ label: "x".repeat(121) }, "label"],
    [{ maxUses: 0 }, "maxUses"],
    [{ maxUses: 1_000_001 }, "maxUses"],
    [{ expiresAt: "2020-01-01T00:00:00Z" }, "expiresAt"],
    [{ status: "paused" }, "status"],
  ])("400 VALIDATION_ERROR for %j naming the field; nothing is created", async (body, field) => {
    const { campaign, p, params } = await setup();
    const res = await call(POST, { headers: p.headers, params, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ field }] });
    expect(await invitesOf(campaign.id)).toBe(0);
  });

  it("401 without a key or with a server key; 404 CAMPAIGN_NOT_FOUND for another business's campaign; nothing is created", async () => {
    const { campaign, p, params } = await setup();
    const other = await makeCampaignWith();
    expect((await call(POST, { params, body: {} })).status).toBe(401);
    expect((await call(POST, { headers: (await makeGame()).headers, params, body: {} })).status).toBe(401);
    const foreign = await call(POST, { headers: p.headers, params: { campaignId: other.campaign.id }, body: {} });
    expect([foreign.status, foreign.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
    expect(await invitesOf(other.campaign.id)).toBe(0);
    expect(await invitesOf(campaign.id)).toBe(0);
  });

  it("403 for each set lacking campaign:users:link:static; nothing is created", async () => {
    const ids: string[] = [];
    await expectScopeRefusals("campaign:users:link:static", async (t) => {
      const c = await makeCampaignIn(t.business.id);
      ids.push(c.id);
      return call(POST, { headers: t.mgmt, params: { campaignId: c.id }, body: {} });
    });
    expect(await getDb().linkInvite.count({ where: { namespaceId: { in: ids } } })).toBe(0);
  });
});

describe("GET /v1/platform/campaigns/{campaignId}/link-invites", () => {
  it("lists the campaign's invites newest first, the campaign key's too; revoked ones only with includeRevoked=true; not another campaign's", async () => {
    const { campaign, headers, p, params } = await setup();
    const sibling = await makeCampaignIn(campaign.businessId);
    await call(POST, { headers: p.headers, params: { campaignId: sibling.id }, body: { label: "sibling" } });
    const mine = (await call(POST, { headers: p.headers, params, body: { label: "platform" } })).body;
    const theirs = (await call(CAMPAIGN_CREATE, { headers, params: { id: campaign.id }, body: { label: "campaign key" } })).body;
    const gone = (await call(POST, { headers: p.headers, params, body: { label: "gone" } })).body;
    await getDb().linkInvite.update({ where: { code: gone.code }, data: { status: "revoked", revokedAt: new Date() } });

    const res = await call(GET, { headers: p.headers, params });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ invites: [theirs, mine] });
    const all = await call(GET, { headers: p.headers, params, query: { includeRevoked: true } });
    expect(all.body.invites.map((i: { label: string }) => i.label)).toEqual(["gone", "campaign key", "platform"]);
  });

  it("400 naming includeRevoked; 401 without a key; 404 CAMPAIGN_NOT_FOUND for another business's campaign; 403 for each set lacking the scope", async () => {
    const { p, params } = await setup();
    const bad = await call(GET, { headers: p.headers, params, query: { includeRevoked: "yes" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ field: "includeRevoked" }] });
    expect((await call(GET, { params })).status).toBe(401);
    const other = await makeCampaignWith();
    const foreign = await call(GET, { headers: p.headers, params: { campaignId: other.campaign.id } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
    await expectScopeRefusals("campaign:users:link:static", async (t) =>
      call(GET, { headers: t.mgmt, params: { campaignId: (await makeCampaignIn(t.business.id)).id } }),
    );
  });
});

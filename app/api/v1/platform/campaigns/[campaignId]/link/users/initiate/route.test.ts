// Platform campaign linking: a session started by the platform lives in the campaign's namespace (the same
// pvu_ links as the campaign key) and sends its link webhooks to the platform.
import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { POST as APPROVE } from "@/app/api/v1/test-helpers/link-sessions/[sessionKey]/approve/route";
import { GET as CAMPAIGN_USERS } from "@/app/api/v1/campaign/[id]/users/route";
import { GET as CAMPAIGN_DETAILS } from "@/app/api/v1/campaign/[id]/users/link/details/route";
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
  const p = await grantPlatformOn(c.business.id, { webhookUrl: "https://hooks.example.test/platform" });
  return { ...c, p, params: { campaignId: c.campaign.id } };
};

const sessionsOf = (campaignId: string) => getDb().linkSession.count({ where: { namespaceId: campaignId } });

describe("POST /v1/platform/campaigns/{campaignId}/link/users/initiate", () => {
  it("201 with Location: a pending session of the campaign, Started to the platform's endpoint; the same email answers 200 with it", async () => {
    const { campaign, p, params } = await setup();
    const res = await call(POST, { headers: p.headers, params, body: { email: "Ada@Example.com" } });
    expect(res.status).toBe(201);
    const { sessionKey } = res.body;
    expect(sessionKey).toMatch(/^lks_test_/);
    expect(res.body).toEqual({ url: `${appBaseUrl()}/link/${sessionKey}`, sessionKey });
    expect(res.headers.get("location")).toBe(res.body.url);
    const row = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } });
    expect(row).toMatchObject({
      namespaceType: "campaign",
      namespaceId: campaign.id,
      environment: "test",
      ownerType: "platform",
      ownerId: p.platform.id,
      prefilledEmail: "ada@example.com",
      state: "pending",
      idempotencyKey: null,
    });
    expect(await linkEventsOf(sessionKey, { withOwner: true })).toEqual([
      { event: "User.Account.Link.Started", sequence: 1, ownerType: "platform", ownerId: p.platform.id, data: { sessionKey } },
    ]);
    const deliveries = await getDb().webhookDelivery.findMany({ where: { event: { objectId: row.id } } });
    expect(deliveries.map((d) => d.url)).toEqual(["https://hooks.example.test/platform"]);

    const again = await call(POST, { headers: p.headers, params, body: { email: "ada@example.com" } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect(again.headers.get("location")).toBeNull();
    const other = await call(POST, { headers: p.headers, params, body: { email: "bob@example.com" } });
    expect(other.status).toBe(201);
    expect(other.body.sessionKey).not.toBe(sessionKey);
    expect(await sessionsOf(campaign.id)).toBe(2);
  });

  it("idempotent by Idempotency-Key without an email: the repeat answers 200 with the same session", async () => {
    const { campaign, p, params } = await setup();
    const first = await call(POST, { headers: idem(p.headers, "link-k1"), params, body: {} });
    expect(first.status).toBe(201);
    expect((await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey: first.body.sessionKey } })).idempotencyKey).toBe("link-k1");
    const again = await call(POST, { headers: idem(p.headers, "link-k1"), params, body: {} });
    expect([again.status, again.body]).toEqual([200, first.body]);
    const noKey = await call(POST, { headers: p.headers, params });
    expect(noKey.status).toBe(201);
    expect(noKey.body.sessionKey).not.toBe(first.body.sessionKey);
    expect(await sessionsOf(campaign.id)).toBe(2);
  });

  it("one namespace: a user linked through the platform is the campaign key's user, with the same pvu_ reference", async () => {
    const { campaign, headers, p, params, business } = await setup();
    const started = await call(POST, { headers: p.headers, params, body: { email: "gil@example.com" } });
    // the platform approves in test mode, acting for the campaign's business
    const approved = await call(APPROVE, {
      headers: { ...p.headers, "x-target-business-id": business.id },
      params: { sessionKey: started.body.sessionKey },
      body: { name: "Gil" },
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ namespaceType: "campaign", campaignId: campaign.id, state: "approved" });
    const userRef = approved.body.userRef as string;
    expect(userRef).toMatch(/^pvu_test_[0-9a-f]{24}$/);
    expect((await linkEventsOf(started.body.sessionKey, { withOwner: true })).map((e) => [e.event, e.ownerType, e.ownerId])).toEqual([
      ["User.Account.Link.Started", "platform", p.platform.id],
      ["User.Account.Link.Succeeded", "platform", p.platform.id],
    ]);

    const users = await call(CAMPAIGN_USERS, { headers, params: { id: campaign.id } });
    expect(users.status).toBe(200);
    expect(users.body.users).toEqual([expect.objectContaining({ userRef, email: "gil@example.com", name: "Gil" })]);
    const details = await call(CAMPAIGN_DETAILS, { headers, params: { id: campaign.id }, query: { session: started.body.sessionKey } });
    expect(details.body).toMatchObject({ state: "approved", userRef });
  });

  it("400 naming email for an invalid email; nothing is created", async () => {
    const { campaign, p, params } = await setup();
    const res = await call(POST, { headers: p.headers, params, body: { email: "not-an-email" } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ field: "email" }] });
    expect(await sessionsOf(campaign.id)).toBe(0);
  });

  it("401 without a key or with a server key; 404 CAMPAIGN_NOT_FOUND for another business's campaign and an unknown id; nothing is created", async () => {
    const { campaign, p, params } = await setup();
    const other = await makeCampaignWith();
    expect((await call(POST, { params, body: {} })).status).toBe(401);
    expect((await call(POST, { headers: (await makeGame()).headers, params, body: {} })).status).toBe(401);
    const foreign = await call(POST, { headers: p.headers, params: { campaignId: other.campaign.id }, body: { email: "x@example.com" } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
    const unknown = await call(POST, { headers: p.headers, params: { campaignId: "cmp_unknown" }, body: {} });
    expect([unknown.status, unknown.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
    expect(await sessionsOf(other.campaign.id)).toBe(0);
    expect(await sessionsOf(campaign.id)).toBe(0);
  });

  it("403 for each set lacking campaign:users:link:create; nothing is created", async () => {
    const ids: string[] = [];
    await expectScopeRefusals("campaign:users:link:create", async (t) => {
      const c = await makeCampaignIn(t.business.id);
      ids.push(c.id);
      return call(POST, { headers: t.mgmt, params: { campaignId: c.id }, body: { email: "x@example.com" } });
    });
    expect(ids).toHaveLength(3);
    expect(await getDb().linkSession.count({ where: { namespaceId: { in: ids } } })).toBe(0);
  });
});

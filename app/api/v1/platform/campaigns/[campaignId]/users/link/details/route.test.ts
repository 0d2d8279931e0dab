import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { POST as INITIATE } from "../../../link/users/initiate/route";
import { POST as CAMPAIGN_INITIATE } from "@/app/api/v1/campaign/[id]/users/link/initiate/route";
import { POST as APPROVE } from "@/app/api/v1/test-helpers/link-sessions/[sessionKey]/approve/route";
import { POST as BUSINESS_INITIATE } from "@/app/api/v1/platform/business/users/link/initiate/route";
import { call } from "@/tests/support/http";
import { makeGame } from "@/tests/support/fixtures";
import { expectScopeRefusals, idem } from "@/tests/support/business";
import { grantPlatformOn, makeCampaignIn } from "@/tests/support/platform";
import { makeCampaignWith } from "@/tests/support/campaigns";
import { getDb } from "@/lib/db/client";

const setup = async () => {
  const c = await makeCampaignWith();
  const p = await grantPlatformOn(c.business.id);
  return { ...c, p, params: { campaignId: c.campaign.id } };
};

const start = async (headers: Record<string, string>, campaignId: string, email?: string) =>
  (await call(INITIATE, { headers, params: { campaignId }, body: email ? { email } : {} })).body.sessionKey as string;

describe("GET /v1/platform/campaigns/{campaignId}/users/link/details", () => {
  it("a pending session: status, prefilled email, no userRef; once approved: approved with the pvu_ userRef", async () => {
    const { campaign, p, params } = await setup();
    const sessionKey = await start(p.headers, campaign.id, "kim@example.com");
    const row = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } });
    const pending = await call(GET, { headers: p.headers, params, query: { session: sessionKey } });
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual({
      sessionKey,
      namespaceType: "campaign",
      campaignId: campaign.id,
      campaignName: campaign.name,
      prefilledEmail: "kim@example.com",
      environment: "test",
      state: "pending",
      status: "pending",
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      openedAt: null,
      approvedAt: null,
      canceledAt: null,
      failedAt: null,
      expiredAt: null,
      unlinkedAt: null,
    });

    const approved = await call(APPROVE, { headers: { ...p.headers, "x-target-business-id": campaign.businessId }, params: { sessionKey }, body: {} });
    const details = await call(GET, { headers: p.headers, params, query: { session: sessionKey } });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ status: "approved", state: "approved", userRef: approved.body.userRef, approvedAt: expect.any(String) });
    expect(details.body.userRef).toMatch(/^pvu_test_[0-9a-f]{24}$/);
  });

  it("also reads a session the campaign key started (one namespace)", async () => {
    const { campaign, headers, p, params } = await setup();
    const started = await call(CAMPAIGN_INITIATE, { headers: idem(headers), params: { id: campaign.id }, body: { email: "lea@example.com" } });
    const res = await call(GET, { headers: p.headers, params, query: { session: started.body.sessionKey } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sessionKey: started.body.sessionKey, campaignId: campaign.id, prefilledEmail: "lea@example.com", status: "pending" });
  });

  it("404 LINK_SESSION_NOT_FOUND for another campaign's session (even of the same business) and a business-level one; the session is unchanged", async () => {
    const { campaign, p, params } = await setup();
    const sibling = await makeCampaignIn(campaign.businessId);
    const theirs = await start(p.headers, sibling.id, "sib@example.com");
    const res = await call(GET, { headers: p.headers, params, query: { session: theirs } });
    expect([res.status, res.body.code]).toEqual([404, "LINK_SESSION_NOT_FOUND"]);
    const business = await call(BUSINESS_INITIATE, {
      headers: { ...p.headers, "x-target-business-id": campaign.businessId },
      body: { email: "biz@example.com" },
    });
    expect(business.status).toBe(201);
    const level = await call(GET, { headers: p.headers, params, query: { session: business.body.sessionKey } });
    expect([level.status, level.body.code]).toEqual([404, "LINK_SESSION_NOT_FOUND"]);
    const unknown = await call(GET, { headers: p.headers, params, query: { session: "lks_test_nope" } });
    expect([unknown.status, unknown.body.code]).toEqual([404, "LINK_SESSION_NOT_FOUND"]);
    expect((await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey: theirs } })).state).toBe("pending");
  });

  it("400 naming session when the query is missing or empty", async () => {
    const { p, params } = await setup();
    for (const query of [{}, { session: "  " }]) {
      const res = await call(GET, { headers: p.headers, params, query });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ field: "session" }] });
    }
  });

  it("401 without a key or with a server key; 404 CAMPAIGN_NOT_FOUND for another business's campaign, even with its session", async () => {
    const { p, params } = await setup();
    const other = await makeCampaignWith();
    const otherPlatform = await grantPlatformOn(other.business.id);
    const theirs = await start(otherPlatform.headers, other.campaign.id);
    expect((await call(GET, { params, query: { session: theirs } })).status).toBe(401);
    expect((await call(GET, { headers: (await makeGame()).headers, params, query: { session: theirs } })).status).toBe(401);
    const foreign = await call(GET, { headers: p.headers, params: { campaignId: other.campaign.id }, query: { session: theirs } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
  });

  it("403 for each set lacking campaign:users:link:read", async () => {
    await expectScopeRefusals("campaign:users:link:read", async (t) => {
      const c = await makeCampaignIn(t.business.id);
      return call(GET, { headers: t.mgmt, params: { campaignId: c.id }, query: { session: "lks_test_x" } });
    });
  });
});

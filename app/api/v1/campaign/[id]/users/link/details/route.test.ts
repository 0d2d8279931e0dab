// Campaign link sessions end to end: initiate, read the details, and approve or cancel through the test
// helpers with the campaign key.
import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { POST as INITIATE } from "../initiate/route";
import { POST as APPROVE } from "../../../../../test-helpers/link-sessions/[sessionKey]/approve/route";
import { POST as CANCEL } from "../../../../../test-helpers/link-sessions/[sessionKey]/cancel/route";
import { GET as USERS } from "../../route";
import { call } from "@/tests/support/http";
import { linkEventsOf } from "@/tests/support/linking";
import { getDb } from "@/lib/db/client";
import { expectCampaignAuth, idem, makeCampaignWith } from "@/tests/support/campaigns";

const initiate = async (headers: Record<string, string>, params: { id: string }, email: string) =>
  (await call(INITIATE, { headers: idem(headers), params, body: { email } })).body.sessionKey as string;

describe("GET /v1/campaign/{id}/users/link/details", () => {
  it("a pending campaign session, then approved with the test helper: userRef pvu_test_, Succeeded to the campaign, listed as a user", async () => {
    const { campaign, headers, params } = await makeCampaignWith({ webhookUrl: "https://hooks.example.test/campaign" });
    const sessionKey = await initiate(headers, params, "gil@example.com");
    const row = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } });
    const pending = await call(GET, { headers, params, query: { session: sessionKey } });
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual({
      sessionKey,
      namespaceType: "campaign",
      campaignId: campaign.id,
      campaignName: campaign.name,
      prefilledEmail: "gil@example.com",
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

    const approved = await call(APPROVE, { headers, params: { sessionKey }, body: { name: "Gil" } });
    expect(approved.status).toBe(200);
    const userRef = approved.body.userRef;
    expect(userRef).toMatch(/^pvu_test_[0-9a-f]{24}$/);
    const details = await call(GET, { headers, params, query: { session: sessionKey } });
    expect(details.body).toMatchObject({ state: "approved", userRef, approvedAt: expect.any(String) });
    const events = await linkEventsOf(sessionKey, { withOwner: true });
    expect(events.map((e) => [e.event, e.ownerType, e.ownerId])).toEqual([
      ["User.Account.Link.Started", "campaign", campaign.id],
      ["User.Account.Link.Succeeded", "campaign", campaign.id],
    ]);
    expect(events[1].data).toMatchObject({ sessionKey, user_ref: userRef });
    const deliveries = await getDb().webhookDelivery.findMany({ where: { event: { objectId: row.id } } });
    expect(deliveries.map((d) => d.url)).toEqual(["https://hooks.example.test/campaign", "https://hooks.example.test/campaign"]);
    const users = await call(USERS, { headers, params });
    expect(users.body.users).toEqual([expect.objectContaining({ userRef, email: "gil@example.com", name: "Gil" })]);
  });

  it("the cancel helper works with the campaign key; both helpers 404 on another campaign's session", async () => {
    const { headers, params } = await makeCampaignWith();
    const other = await makeCampaignWith();
    const mine = await initiate(headers, params, "hal@example.com");
    const theirs = await initiate(other.headers, other.params, "hal@example.com");
    for (const helper of [APPROVE, CANCEL]) {
      const res = await call(helper, { headers, params: { sessionKey: theirs }, body: {} });
      expect([res.status, res.body.code]).toEqual([404, "LINK_SESSION_NOT_FOUND"]);
    }
    expect((await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey: theirs } })).state).toBe("pending");
    const canceled = await call(CANCEL, { headers, params: { sessionKey: mine }, body: {} });
    expect(canceled.status).toBe(200);
    expect((await call(GET, { headers, params, query: { session: mine } })).body).toMatchObject({ state: "canceled", canceledAt: expect.any(String) });
    expect((await linkEventsOf(mine)).map((e) => e.event)).toEqual(["User.Account.Link.Started", "User.Account.Link.Canceled"]);
  });

  it("400 naming session when it is missing; 404 for an unknown or another campaign's session; 401/404 for wrong keys and ids", async () => {
    const { headers, params } = await makeCampaignWith();
    const other = await makeCampaignWith();
    const missing = await call(GET, { headers, params });
    expect([missing.status, missing.body.code, missing.body.success]).toEqual([400, "VALIDATION_ERROR", false]);
    expect(missing.body.details.map((d: { field: string }) => d.field)).toContain("session");
    const theirs = await initiate(other.headers, other.params, "ivy@example.com");
    // unknown keys of any format are 404: a long one, one with a NUL character (PostgreSQL text cannot hold it)
    for (const session of ["lks_test_unknown", theirs, "lks_test_" + "a".repeat(300), "lks_test_\u0000"]) {
      const res = await call(GET, { headers, params, query: { session } });
      expect([res.status, res.body.code, res.body.success]).toEqual([404, "LINK_SESSION_NOT_FOUND", false]);
    }
    await expectCampaignAuth(GET, { params, query: { session: await initiate(headers, params, "jo@example.com") } }, headers);
  });
});

import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { call } from "@/tests/support/http";
import { linkEventsOf } from "@/tests/support/linking";
import { getDb } from "@/lib/db/client";
import { expectCampaignAuth, idem, makeCampaignWith } from "@/tests/support/campaigns";

describe("POST /v1/campaign/{id}/users/link/initiate", () => {
  it("201 with Location = url: a pending campaign session whose webhooks go to the campaign", async () => {
    const { campaign, headers, params } = await makeCampaignWith({ webhookUrl: "https://hooks.example.test/campaign" });
    const res = await call(POST, { headers: idem(headers, "init-1"), params, body: { email: "Cy@Example.com" } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ url: `http://localhost:3000/link/${res.body.sessionKey}`, sessionKey: expect.stringMatching(/^lks_test_[0-9a-f]{32}$/) });
    expect(res.headers.get("location")).toBe(res.body.url);
    const row = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey: res.body.sessionKey } });
    expect(row).toMatchObject({
      state: "pending",
      namespaceType: "campaign",
      namespaceId: campaign.id,
      prefilledEmail: "cy@example.com",
      idempotencyKey: "init-1",
      ownerType: "campaign",
      ownerId: campaign.id,
    });
    expect(await linkEventsOf(res.body.sessionKey, { withOwner: true })).toEqual([
      { event: "User.Account.Link.Started", sequence: 1, ownerType: "campaign", ownerId: campaign.id, data: { sessionKey: res.body.sessionKey } },
    ]);
  });

  it("200 with the pending session for the same email (another key) or the same key; no second session", async () => {
    const { campaign, headers, params } = await makeCampaignWith();
    const first = await call(POST, { headers: idem(headers, "k1"), params, body: { email: "dee@example.com" } });
    const sameEmail = await call(POST, { headers: idem(headers, "k2"), params, body: { email: " DEE@example.com" } });
    const sameKey = await call(POST, { headers: idem(headers, "k1"), params, body: { email: "dee@example.com" } });
    for (const r of [sameEmail, sameKey]) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual(first.body);
      expect(r.headers.get("location")).toBeNull();
    }
    const other = await call(POST, { headers: idem(headers, "k3"), params, body: { email: "eve@example.com" } });
    expect(other.status).toBe(201);
    expect(await getDb().linkSession.count({ where: { namespaceId: campaign.id } })).toBe(2);
  });

  it("400 without an Idempotency-Key or a valid email, nothing created; 401/404 for wrong keys and ids", async () => {
    const { campaign, headers, params } = await makeCampaignWith();
    const noKey = await call(POST, { headers, params, body: { email: "fay@example.com" } });
    expect([noKey.status, noKey.body.code, noKey.body.success]).toEqual([400, "IDEMPOTENCY_KEY_REQUIRED", false]);
    const cases: [unknown, string][] = [
      [{}, "is required"],
      [{ email: "not-an-email" }, "must be a valid email address, like name@example.com"],
      [{ email: 42 }, "must be a string: an email address"],
    ];
    for (const [body, message] of cases) {
      const res = await call(POST, { headers: idem(headers), params, body });
      expect([res.status, res.body.code, res.body.success]).toEqual([400, "VALIDATION_ERROR", false]);
      expect(res.body.details).toEqual([{ field: "email", message }]);
    }
    await expectCampaignAuth(POST, { params, body: { email: "fay@example.com" }, headers: {} }, idem(headers));
    expect(await getDb().linkSession.count({ where: { namespaceId: campaign.id } })).toBe(0);
  });
});

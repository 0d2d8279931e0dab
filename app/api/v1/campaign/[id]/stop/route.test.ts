import { describe, expect, it } from "vitest";
import { PUT } from "./route";
import { POST as EVENTS } from "../events/route";
import { call } from "@/tests/support/http";
import { getDb } from "@/lib/db/client";
import { expectCampaignAuth, idem, makeCampaignWith, usdcOf } from "@/tests/support/campaigns";

describe("PUT /v1/campaign/{id}/stop", () => {
  it("202 from started: stopped at once, so the next event is refused and pays nothing", async () => {
    const { campaign, headers, params, users } = await makeCampaignWith({ fundMicros: 10_000_000n, status: "started", users: 1 });
    const res = await call(PUT, { headers, params });
    expect(res.status).toBe(202);
    const op = await getDb().campaignOperation.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(res.body).toEqual({ success: true, message: expect.stringContaining("Campaign.Stopped"), operationId: op.id });
    expect(op).toMatchObject({ kind: "stop", status: "pending" });
    const row = await getDb().campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(row).toMatchObject({ status: "stopped", stoppedAt: op.createdAt });
    const ev = await call(EVENTS, { headers, params, body: { eventCode: "daily_login", userRef: users[0].userRef } });
    expect([ev.status, ev.body.code]).toEqual([409, "CAMPAIGN_NOT_STARTED"]);
    expect(await usdcOf("campaign", campaign.id)).toBe(10_000_000n);
  });

  it("409 CAMPAIGN_NOT_STARTED from created or stopped, nothing written", async () => {
    for (const status of ["created", "stopped"]) {
      const { campaign, headers, params } = await makeCampaignWith({ status });
      const res = await call(PUT, { headers, params });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        success: false,
        code: "CAMPAIGN_NOT_STARTED",
        error: `The campaign is ${status}, not started: only a started campaign can be stopped.`,
      });
      expect(await getDb().campaignOperation.count({ where: { campaignId: campaign.id } })).toBe(0);
      expect((await getDb().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe(status);
    }
  });

  it("a stop racing 30 events: every event either paid before the stop or was refused after it", async () => {
    const { campaign, headers, params, users } = await makeCampaignWith({ fundMicros: 100_000_000n, status: "started", users: 3 });
    const events = Array.from({ length: 30 }, (_, i) => call(EVENTS, { headers, params, body: { eventCode: "daily_login", userRef: users[i % 3].userRef } }));
    const [stop, ...results] = await Promise.all([call(PUT, { headers, params }), ...events]);
    expect(stop.status).toBe(202);
    const paid = results.filter((r) => r.status === 202).length;
    expect(paid + results.filter((r) => r.status === 409).length).toBe(30);
    const op = await getDb().campaignOperation.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(await getDb().campaignTransaction.count({ where: { campaignId: campaign.id, createdAt: { gt: op.createdAt } } })).toBe(0);
    expect(await getDb().campaignTransaction.count({ where: { campaignId: campaign.id } })).toBe(paid);
    expect(await usdcOf("campaign", campaign.id)).toBe(100_000_000n - BigInt(paid) * 1_000_000n);
  });

  it("an Idempotency-Key replays the 202; 401/404 for wrong keys and ids, nothing changed", async () => {
    const { campaign, headers, params } = await makeCampaignWith({ status: "started" });
    await expectCampaignAuth(PUT, { params }, headers);
    expect((await getDb().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe("started");
    const h = idem(headers);
    const first = await call(PUT, { headers: h, params });
    const replay = await call(PUT, { headers: h, params });
    expect([first.status, replay.status, replay.text, replay.headers.get("idempotent-replayed")]).toEqual([202, 202, first.text, "true"]);
    expect(await getDb().campaignOperation.count({ where: { campaignId: campaign.id } })).toBe(1);
  });
});

import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { call } from "@/tests/support/http";
import { getDb } from "@/lib/db/client";
import { completeCampaignOperation } from "@/lib/campaigns/complete-campaign-operation";
import { expectCampaignAuth, idem, makeCampaignWith, usdcOf } from "@/tests/support/campaigns";

describe("POST /v1/campaign/{id}/withdraw", () => {
  it("202 when stopped with funds: a pending withdraw operation; the job moves the balance (tested in the lifecycle test)", async () => {
    const { campaign, headers, params } = await makeCampaignWith({ fundMicros: 7_250_000n, status: "stopped" });
    const res = await call(POST, { headers, params });
    expect(res.status).toBe(202);
    const op = await getDb().campaignOperation.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(res.body).toEqual({ success: true, message: expect.stringContaining("Campaign.Withdrawn"), operationId: op.id });
    expect(op).toMatchObject({ kind: "withdraw", status: "pending", amountMicros: null, journalId: null });
    // nothing moves before the job runs; the campaign stays stopped
    expect(await usdcOf("campaign", campaign.id)).toBe(7_250_000n);
    expect((await getDb().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe("stopped");
  });

  it("409 CAMPAIGN_NOT_STOPPED while created or started; 422 NO_FUNDS_TO_WITHDRAW when empty; 409 CAMPAIGN_WITHDRAW_PENDING for a second one", async () => {
    for (const status of ["created", "started"]) {
      const { campaign, headers, params } = await makeCampaignWith({ fundMicros: 1_000_000n, status });
      const res = await call(POST, { headers, params });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ success: false, code: "CAMPAIGN_NOT_STOPPED", error: expect.stringContaining(`The campaign is ${status}`) });
      expect(await getDb().campaignOperation.count({ where: { campaignId: campaign.id } })).toBe(0);
    }
    const empty = await makeCampaignWith({ status: "stopped" });
    const none = await call(POST, { headers: empty.headers, params: empty.params });
    expect([none.status, none.body.code, none.body.success]).toEqual([422, "NO_FUNDS_TO_WITHDRAW", false]);

    const { campaign, headers, params } = await makeCampaignWith({ fundMicros: 1_000_000n, status: "stopped" });
    const racing = await Promise.all(Array.from({ length: 5 }, () => call(POST, { headers, params })));
    expect(racing.map((r) => r.status).sort()).toEqual([202, 409, 409, 409, 409]);
    for (const r of racing.filter((x) => x.status === 409)) expect(r.body.code).toBe("CAMPAIGN_WITHDRAW_PENDING");
    expect(await getDb().campaignOperation.count({ where: { campaignId: campaign.id } })).toBe(1);

    // once completed, the balance is 0: a further withdrawal has nothing to send
    await completeCampaignOperation({ db: getDb() }, { operationId: racing.find((r) => r.status === 202)!.body.operationId });
    const after = await call(POST, { headers, params });
    expect([after.status, after.body.code]).toEqual([422, "NO_FUNDS_TO_WITHDRAW"]);
  });

  it("an Idempotency-Key replays the 202 and withdraws once; 401/404 for wrong keys and ids, nothing changed", async () => {
    const { campaign, headers, params } = await makeCampaignWith({ fundMicros: 2_000_000n, status: "stopped" });
    const ops = await getDb().campaignOperation.count();
    await expectCampaignAuth(POST, { params }, headers);
    expect(await getDb().campaignOperation.count()).toBe(ops);
    const h = idem(headers);
    const first = await call(POST, { headers: h, params });
    const replay = await call(POST, { headers: h, params });
    expect([first.status, replay.status, replay.text, replay.headers.get("idempotent-replayed")]).toEqual([202, 202, first.text, "true"]);
    expect(await getDb().campaignOperation.count({ where: { campaignId: campaign.id } })).toBe(1);
  });
});

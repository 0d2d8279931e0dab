import { describe, expect, it } from "vitest";
import { PUT } from "./route";
import { POST as EVENTS } from "../events/route";
import { call } from "@/tests/support/http";
import { getDb } from "@/lib/db/client";
import { expectCampaignAuth, idem, makeCampaignWith } from "@/tests/support/campaigns";

const jobsFor = async (operationId: string) => {
  const [{ n }] = await getDb().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'campaigns:complete-operation' AND j.payload->>'operationId' = ${operationId}`;
  return n;
};

describe("PUT /v1/campaign/{id}/start", () => {
  it("202 from created: the status is started at once (events accepted), a pending operation and its job exist", async () => {
    const { campaign, headers, params, users } = await makeCampaignWith({ fundMicros: 10_000_000n, users: 1 });
    const res = await call(PUT, { headers, params });
    expect(res.status).toBe(202);
    const op = await getDb().campaignOperation.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(res.body).toEqual({ success: true, message: expect.stringContaining("Campaign.Started"), operationId: op.id });
    expect(op).toMatchObject({ kind: "start", status: "pending", completedAt: null, amountMicros: null });
    expect(await jobsFor(op.id)).toBe(1);
    const row = await getDb().campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(row.status).toBe("started");
    expect(row.startedAt).toEqual(op.createdAt);
    const ev = await call(EVENTS, { headers, params, body: { eventCode: "daily_login", userRef: users[0].userRef } });
    expect(ev.status).toBe(202);
  });

  it("restart from stopped is allowed; 409 CAMPAIGN_ALREADY_STARTED when started; 409 CAMPAIGN_WITHDRAW_PENDING while a withdrawal runs", async () => {
    const { campaign, headers, params } = await makeCampaignWith({ status: "stopped" });
    expect((await call(PUT, { headers, params })).status).toBe(202);
    const again = await call(PUT, { headers, params });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: "CAMPAIGN_ALREADY_STARTED", error: expect.any(String) });

    await getDb().campaign.update({ where: { id: campaign.id }, data: { status: "stopped" } });
    await getDb().campaignOperation.create({ data: { id: "op-withdraw-pending", campaignId: campaign.id, kind: "withdraw" } });
    const blocked = await call(PUT, { headers, params });
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe("CAMPAIGN_WITHDRAW_PENDING");
    expect((await getDb().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe("stopped");
    expect(await getDb().campaignOperation.count({ where: { campaignId: campaign.id, kind: "start" } })).toBe(1);
  });

  it("with an Idempotency-Key a retry replays the 202 and starts once; concurrent starts: one 202, the rest refused", async () => {
    const { campaign, headers, params } = await makeCampaignWith();
    const h = idem(headers);
    const first = await call(PUT, { headers: h, params });
    const replay = await call(PUT, { headers: h, params });
    expect(replay.status).toBe(202);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await getDb().campaignOperation.count({ where: { campaignId: campaign.id } })).toBe(1);

    const other = await makeCampaignWith();
    const racing = await Promise.all(Array.from({ length: 6 }, () => call(PUT, { headers: other.headers, params: other.params })));
    expect(racing.map((r) => r.status).sort()).toEqual([202, 409, 409, 409, 409, 409]);
    expect(await getDb().campaignOperation.count({ where: { campaignId: other.campaign.id } })).toBe(1);
  });

  it("401 without a campaign key; 404 for another campaign's key or id, with nothing changed", async () => {
    const { campaign, headers, params } = await makeCampaignWith();
    const ops = await getDb().campaignOperation.count();
    await expectCampaignAuth(PUT, { params }, headers);
    expect((await getDb().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe("created");
    expect(await getDb().campaignOperation.count()).toBe(ops);
  });
});

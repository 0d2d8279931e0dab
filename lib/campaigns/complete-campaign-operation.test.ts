// The whole lifecycle through the API, with the real graphile-worker running the jobs and delivering the
// webhooks to a real HTTP receiver; then the job's retry safety, called directly.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { transactionHash } from "../ledger/address.ts";
import { custodyAddress } from "../ledger/address.ts";
import { USDC_ASSET } from "../ledger/accounts.ts";
import { checkVcLedgerInvariants } from "../vc/check-vc-journal-entries.ts";
import { startWorker, stopWorker } from "../jobs/start-worker.ts";
import { workerTasks } from "../flows/job-tasks.ts";
import { startReceiver, waitFor, type Receiver } from "../../tests/support/webhook-receiver.ts";
import { call } from "../../tests/support/http.ts";
import { PUT as START } from "../../app/api/v1/campaign/[id]/start/route.ts";
import { PUT as STOP } from "../../app/api/v1/campaign/[id]/stop/route.ts";
import { POST as WITHDRAW } from "../../app/api/v1/campaign/[id]/withdraw/route.ts";
import { POST as EVENTS } from "../../app/api/v1/campaign/[id]/events/route.ts";
import { GET as CAMPAIGN } from "../../app/api/v1/campaign/[id]/route.ts";
import { completeCampaignOperation } from "./complete-campaign-operation.ts";
import { idem, makeCampaignWith, usdcOf } from "@/tests/support/campaigns.ts";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
  await startWorker({ connectionString: process.env.DATABASE_URL!, ...workerTasks(), concurrency: 4, pollInterval: 50 });
});
afterAll(async () => {
  await stopWorker();
  await receiver.close();
});

/** The delivered webhooks of a campaign, in order: [event, data]. */
const delivered = (campaignId: string) =>
  receiver.requests
    .map((r) => ({ r, body: JSON.parse(r.rawBody) }))
    .filter((x) => x.body.data?.campaignId === campaignId)
    .sort((a, b) => Number(a.r.headers["x-service-sequence"]) - Number(b.r.headers["x-service-sequence"]));

const waitForWebhooks = (campaignId: string, event: string, n: number) =>
  waitFor(() => delivered(campaignId).filter((x) => x.body.event === event).length >= n, { what: `${n} × ${event}` });

describe("campaign lifecycle with the worker", () => {
  it("created → started → stopped → started → stopped → withdrawn: status at once, webhooks on completion, balance to the business", async () => {
    const { campaign, business, headers, params, users, webhookSecret } = await makeCampaignWith({
      fundMicros: 100_000_000n,
      users: 1,
      webhookUrl: receiver.url,
    });
    const ops = () => getDb().campaignOperation.findMany({ where: { campaignId: campaign.id }, orderBy: { createdAt: "asc" } });

    const s1 = await call(START, { headers, params });
    expect(s1.status).toBe(202);
    await waitForWebhooks(campaign.id, "Campaign.Started", 1);
    const [op1] = await ops();
    expect(op1).toMatchObject({ id: s1.body.operationId, kind: "start", status: "completed", completedAt: expect.any(Date) });
    const started = delivered(campaign.id)[0];
    expect(started.r.headers["x-service-signature"]).toBe(createHmac("sha256", webhookSecret!).update(started.r.rawBody).digest("hex"));
    expect(started.body.data).toEqual({
      campaignId: campaign.id,
      environment: "test",
      status: "started",
      operationId: op1.id,
      requestedAt: op1.createdAt.toISOString(),
      completedAt: op1.completedAt!.toISOString(),
    });

    expect((await call(EVENTS, { headers, params, body: { eventCode: "level_complete", userRef: users[0].userRef } })).status).toBe(202);
    const early = await call(WITHDRAW, { headers, params });
    expect([early.status, early.body.code]).toEqual([409, "CAMPAIGN_NOT_STOPPED"]);

    expect((await call(STOP, { headers, params })).status).toBe(202);
    await waitForWebhooks(campaign.id, "Campaign.Stopped", 1);
    expect((await call(START, { headers: idem(headers), params })).status).toBe(202);
    await waitForWebhooks(campaign.id, "Campaign.Started", 2);
    expect((await call(STOP, { headers, params })).status).toBe(202);
    await waitForWebhooks(campaign.id, "Campaign.Stopped", 2);

    const fundingBefore = await usdcOf("business", business.id);
    const w = await call(WITHDRAW, { headers: idem(headers), params });
    expect(w.status).toBe(202);
    await waitForWebhooks(campaign.id, "Campaign.Withdrawn", 1);
    const op = await getDb().campaignOperation.findUniqueOrThrow({ where: { id: w.body.operationId } });
    expect(op).toMatchObject({ kind: "withdraw", status: "completed", amountMicros: 95_000_000n, journalId: expect.any(String) });
    expect(await usdcOf("campaign", campaign.id)).toBe(0n);
    expect((await usdcOf("business", business.id)) - fundingBefore).toBe(95_000_000n);
    const journal = await getDb().ledgerJournal.findUniqueOrThrow({ where: { id: op.journalId! } });
    expect(journal).toMatchObject({ type: "campaign_withdraw", tenantId: business.id, reference: campaign.id, asset: "usdc" });

    // the lifecycle webhooks are events of the campaign object, numbered in order; the payout is its own object
    await waitForWebhooks(campaign.id, "Campaign.Event.Recorded", 1);
    const hooks = delivered(campaign.id).filter((h) => h.body.event !== "Campaign.Event.Recorded");
    expect(hooks.map((h) => [h.body.event, h.r.headers["x-service-sequence"]])).toEqual([
      ["Campaign.Started", "1"],
      ["Campaign.Stopped", "2"],
      ["Campaign.Started", "3"],
      ["Campaign.Stopped", "4"],
      ["Campaign.Withdrawn", "5"],
    ]);
    expect(
      delivered(campaign.id)
        .filter((h) => h.body.event === "Campaign.Event.Recorded")
        .map((h) => h.body.data),
    ).toEqual([expect.objectContaining({ userRef: users[0].userRef, eventCode: "level_complete", payoutAmount: 5 })]);
    expect(hooks.at(-1)!.body.data).toEqual({
      campaignId: campaign.id,
      environment: "test",
      status: "stopped",
      operationId: op.id,
      requestedAt: op.createdAt.toISOString(),
      completedAt: op.completedAt!.toISOString(),
      amount: 95,
      currency: "USDC",
      fromAddress: campaign.address,
      toAddress: custodyAddress("business", business.id, "test"),
      transactionHash: transactionHash(op.journalId!),
    });
    expect((await ops()).map((o) => [o.kind, o.status])).toEqual([
      ["start", "completed"],
      ["stop", "completed"],
      ["start", "completed"],
      ["stop", "completed"],
      ["withdraw", "completed"],
    ]);
    const view = await call(CAMPAIGN, { headers, params });
    expect(view.body.campaign).toMatchObject({ status: "stopped", totalAmountFunded: 100, totalAmountPaidOut: 5, availableToWithdraw: 0 });
    expect(await checkVcLedgerInvariants(getDb(), { asset: USDC_ASSET, environment: "test" })).toMatchObject({
      sum: 0n,
      negativeAccounts: [],
      driftedAccounts: [],
      unbalancedJournals: [],
      miscountedTenants: [],
      misstatedJournals: [],
    });
  });
});

describe("completeCampaignOperation", () => {
  it("is retry safe: concurrent and repeated runs of one withdrawal move the money once and emit one webhook", async () => {
    // the running worker may take the same job meanwhile: one more concurrent run, same outcome
    const { campaign, business, headers, params } = await makeCampaignWith({ fundMicros: 12_345_678n, status: "stopped" });
    const w = await call(WITHDRAW, { headers, params });
    const fundingBefore = await usdcOf("business", business.id);
    const runs = await Promise.all([1, 2, 3, 4].map(() => completeCampaignOperation({ db: getDb() }, { operationId: w.body.operationId })));
    await completeCampaignOperation({ db: getDb() }, { operationId: w.body.operationId });
    expect(new Set(runs.map((r) => r!.journalId)).size).toBe(1);
    expect(await getDb().ledgerJournal.count({ where: { type: "campaign_withdraw", reference: campaign.id } })).toBe(1);
    expect((await usdcOf("business", business.id)) - fundingBefore).toBe(12_345_678n);
    expect(await usdcOf("campaign", campaign.id)).toBe(0n);
    const events = await getDb().webhookEvent.findMany({ where: { ownerId: campaign.id, event: "Campaign.Withdrawn" } });
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0].payload).data.amount).toBe(12.345678);
  });

  it("an unknown operation is ignored (null)", async () => {
    expect(await completeCampaignOperation({ db: getDb() }, { operationId: "nope" })).toBeNull();
  });
});

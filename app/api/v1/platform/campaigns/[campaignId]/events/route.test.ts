import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { PUT as STOP } from "../stop/route";
import { call } from "@/tests/support/http";
import { platformEventsOf } from "@/tests/support/platform";
import { expectScopeRefusals } from "@/tests/support/business";
import { getDb } from "@/lib/db/client";
import { transactionHash } from "@/lib/ledger/address";
import { USDC_ASSET } from "@/lib/ledger/accounts";
import { checkVcLedgerInvariants } from "@/lib/vc/check-vc-journal-entries";
import { removeLink } from "@/lib/linking/remove-link";
import { usdcOf } from "@/tests/support/campaigns";
import {
  addCampaign,
  campaignSnapshot,
  expectPlatformCampaignAuth,
  idem,
  linkPlatformCampaignUser,
  makePlatformCampaign,
} from "@/tests/support/platform-campaigns";

const expectLedgerHolds = async () =>
  expect(await checkVcLedgerInvariants(getDb(), { asset: USDC_ASSET, environment: "test" })).toMatchObject({
    sum: 0n,
    negativeAccounts: [],
    driftedAccounts: [],
    unbalancedJournals: [],
    miscountedTenants: [],
    misstatedJournals: [],
  });

describe("POST /v1/platform/campaigns/{campaignId}/events", () => {
  it("202 pays the definition's payout from the campaign balance; Platform.Campaign.EventRecorded to the platform, Campaign.Event.Recorded to the campaign", async () => {
    const { tb, campaign, business, platform, params, users } = await makePlatformCampaign({ fundMicros: 20_000_000n, status: "started", users: 1 });
    const { userRef, player } = users[0];
    const res = await call(POST, { headers: idem(tb), params, body: { eventCode: "level_complete", userRef } });
    expect(res.status).toBe(202);
    const row = await getDb().campaignTransaction.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(res.body).toEqual({
      success: true,
      message: `Event level_complete recorded: 5 USDC paid to ${userRef}.`,
      transactionId: row.id,
      transactionHash: transactionHash(row.journalId),
      payoutAmount: 5,
    });
    expect(row).toMatchObject({ userRef, playerId: player.id, eventCode: "level_complete", eventName: "Level complete", payoutMicros: 5_000_000n });
    expect(await usdcOf("campaign", campaign.id)).toBe(15_000_000n);
    expect(await usdcOf("wallet", player.id)).toBe(5_000_000n);
    expect(await platformEventsOf(platform.id)).toEqual([
      {
        event: "Platform.Campaign.EventRecorded",
        objectType: "campaign_transaction",
        data: {
          campaignId: campaign.id,
          businessId: business.id,
          eventCode: "level_complete",
          eventName: "Level complete",
          userRef,
          payoutAmount: 5,
          transactionId: row.id,
          transactionHash: row.transactionHash,
        },
      },
    ]);
    expect(await getDb().webhookEvent.count({ where: { ownerType: "campaign", ownerId: campaign.id, event: "Campaign.Event.Recorded" } })).toBe(1);
  });

  it("payoutAmount alone is a one-time tip (eventCode optional); with eventCode it replaces the definition's payout", async () => {
    const { tb, campaign, platform, params, users } = await makePlatformCampaign({ fundMicros: 10_000_000n, status: "started", users: 1 });
    const { userRef, player } = users[0];
    const tip = await call(POST, { headers: idem(tb), params, body: { userRef, payoutAmount: "0.35" } });
    expect(tip.status).toBe(202);
    expect(tip.body).toMatchObject({ message: `Tip sent: 0.35 USDC paid to ${userRef}.`, payoutAmount: 0.35 });
    const custom = await call(POST, { headers: idem(tb), params, body: { eventCode: "daily_login", userRef, payoutAmount: 2 } });
    expect(custom.body.payoutAmount).toBe(2);
    expect(await usdcOf("wallet", player.id)).toBe(2_350_000n);
    expect(await usdcOf("campaign", campaign.id)).toBe(7_650_000n);
    expect((await platformEventsOf(platform.id)).map((e) => [e.data.eventCode, e.data.eventName, e.data.payoutAmount])).toEqual([
      ["tip", "One-time tip", 0.35],
      ["daily_login", "Daily login", 2],
    ]);
  });

  it("refusals pay nothing: not started 409, unknown code 404, player not linked to this campaign 404, unlinked 404, over the balance 422", async () => {
    const { tb, campaign, platform, params, users, business } = await makePlatformCampaign({ fundMicros: 3_000_000n, status: "started", users: 1 });
    const { userRef } = users[0];
    const stranger = await linkPlatformCampaignUser((await addCampaign(business.id)).id);
    const gone = await linkPlatformCampaignUser(campaign.id);
    await removeLink(
      { db: getDb() },
      { scope: { namespace: { type: "campaign", id: campaign.id }, environment: "test", owner: { type: "platform", id: platform.id } }, userRef: gone.userRef },
    );
    const before = await campaignSnapshot(campaign.id);
    const cases: [unknown, number, string][] = [
      [{ eventCode: "nope", userRef }, 404, "EVENT_CODE_NOT_FOUND"],
      [{ eventCode: "daily_login", userRef: stranger.userRef }, 404, "USER_REF_NOT_FOUND"],
      [{ eventCode: "daily_login", userRef: gone.userRef }, 404, "USER_REF_NOT_FOUND"],
      [{ eventCode: "daily_login", userRef: "pvu_test_unknown" }, 404, "USER_REF_NOT_FOUND"],
      [{ eventCode: "level_complete", userRef }, 422, "INSUFFICIENT_CAMPAIGN_FUNDS"],
    ];
    for (const [body, status, code] of cases) {
      const res = await call(POST, { headers: idem(tb), params, body });
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([status, code]);
    }
    await getDb().campaign.update({ where: { id: campaign.id }, data: { status: "stopped" } });
    const stopped = await call(POST, { headers: idem(tb), params, body: { eventCode: "daily_login", userRef } });
    expect([stopped.status, stopped.body.code]).toEqual([409, "CAMPAIGN_NOT_STARTED"]);
    expect({ ...(await campaignSnapshot(campaign.id)), campaign: null }).toEqual({ ...before, campaign: null });
    expect(await usdcOf("campaign", campaign.id)).toBe(3_000_000n);
    expect((await platformEventsOf(platform.id)).filter((e) => e.event === "Platform.Campaign.EventRecorded")).toEqual([]);
  });

  it("400 naming the field, nothing paid", async () => {
    const { tb, campaign, params, users } = await makePlatformCampaign({ fundMicros: 3_000_000n, status: "started", users: 1 });
    const { userRef } = users[0];
    const cases: [unknown, string][] = [
      [{ userRef }, "eventCode"],
      [{ eventCode: "daily_login" }, "userRef"],
      [{ userRef, payoutAmount: 0 }, "payoutAmount"],
      [{ userRef, payoutAmount: -1 }, "payoutAmount"],
      [{ userRef, payoutAmount: "1.0000001" }, "payoutAmount"],
      [{ userRef, payout_amount: 1 }, ""],
    ];
    for (const [body, field] of cases) {
      const res = await call(POST, { headers: idem(tb), params, body });
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, "VALIDATION_ERROR"]);
      if (field) expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await usdcOf("campaign", campaign.id)).toBe(3_000_000n);
  });

  it("an idempotent retry replays the answer and pays once; no Idempotency-Key is 400", async () => {
    const { tb, campaign, params, users, platform } = await makePlatformCampaign({ fundMicros: 10_000_000n, status: "started", users: 1 });
    const h = idem(tb);
    const body = { eventCode: "daily_login", userRef: users[0].userRef };
    const a = await call(POST, { headers: h, params, body });
    const b = await call(POST, { headers: h, params, body });
    expect(b.status).toBe(202);
    expect(b.text).toBe(a.text);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(await getDb().campaignTransaction.count({ where: { campaignId: campaign.id } })).toBe(1);
    expect((await platformEventsOf(platform.id)).length).toBe(1);
    const noKey = await call(POST, { headers: tb, params, body });
    expect([noKey.status, noKey.body.code]).toEqual([400, "IDEMPOTENCY_KEY_REQUIRED"]);
  });

  it("404 for another business's campaign with nothing paid; 401 without a key; 403 without campaign:events:create", async () => {
    const { tb, params, users } = await makePlatformCampaign({ fundMicros: 10_000_000n, status: "started", users: 1 });
    const victim = await makePlatformCampaign({ fundMicros: 10_000_000n, status: "started", users: 1 });
    const foreign = await call(POST, { headers: idem(tb), params: victim.params, body: { eventCode: "daily_login", userRef: victim.users[0].userRef } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
    expect(await usdcOf("campaign", victim.campaign.id)).toBe(10_000_000n);
    await expectPlatformCampaignAuth(POST, { params, body: { eventCode: "daily_login", userRef: users[0].userRef } }, idem(tb));
    await expectScopeRefusals("campaign:events:create", async (t) => {
      const c = await addCampaign(t.business.id, { fundMicros: 10_000_000n, status: "started" });
      const u = await linkPlatformCampaignUser(c.id);
      return call(POST, { headers: idem(t.tb), params: { campaignId: c.id }, body: { eventCode: "daily_login", userRef: u.userRef } });
    });
  });
});

describe("concurrent payouts on one platform campaign", () => {
  it("64 parallel events and tips against a limited balance never overdraw: sum paid = funded - balance <= funded, the ledger holds", async () => {
    const funded = 23_500_000n;
    const { tb, campaign, params, platform } = await makePlatformCampaign({ fundMicros: funded, status: "started" });
    const users: Awaited<ReturnType<typeof linkPlatformCampaignUser>>[] = [];
    for (let i = 0; i < 8; i++) users.push(await linkPlatformCampaignUser(campaign.id));
    // level_complete pays 5, daily_login 1, tips 0.5: more than 23.5 USDC asked for in total
    const bodies = Array.from({ length: 64 }, (_, i) => {
      const userRef = users[i % 8].userRef;
      return i % 3 === 0 ? { eventCode: "level_complete", userRef } : i % 3 === 1 ? { eventCode: "daily_login", userRef } : { userRef, payoutAmount: 0.5 };
    });
    const results = await Promise.all(bodies.map((body) => call(POST, { headers: idem(tb), params, body })));
    for (const r of results) expect([202, 422], JSON.stringify(r.body)).toContain(r.status);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.code).toBe("INSUFFICIENT_CAMPAIGN_FUNDS");
    const okMicros = results.filter((r) => r.status === 202).reduce((s, r) => s + BigInt(Math.round(r.body.payoutAmount * 1_000_000)), 0n);
    expect(results.filter((r) => r.status === 422).length).toBeGreaterThan(0);
    const rows = await getDb().campaignTransaction.findMany({ where: { campaignId: campaign.id } });
    const paid = rows.reduce((s, r) => s + r.payoutMicros, 0n);
    expect(rows).toHaveLength(results.filter((r) => r.status === 202).length);
    expect(paid).toBe(okMicros);
    expect(paid).toBeLessThanOrEqual(funded);
    let received = 0n;
    for (const u of users) received += await usdcOf("wallet", u.player.id);
    expect(received).toBe(paid);
    const balance = await usdcOf("campaign", campaign.id);
    expect(balance).toBeGreaterThanOrEqual(0n);
    expect(balance).toBe(funded - paid);
    // the balance only falls, so what is left cannot pay any request that was refused
    const amountOf = (b: (typeof bodies)[number]) => ("payoutAmount" in b ? 500_000n : b.eventCode === "level_complete" ? 5_000_000n : 1_000_000n);
    for (const [i, r] of results.entries()) if (r.status === 422) expect(balance).toBeLessThan(amountOf(bodies[i]));
    expect((await platformEventsOf(platform.id)).filter((e) => e.event === "Platform.Campaign.EventRecorded")).toHaveLength(rows.length);
    await expectLedgerHolds();
  });

  it("64 parallel payouts racing a stop: every answer is a payment, a refusal or a 503 that paid nothing; nothing is paid once stopped, each refusal is 409 CAMPAIGN_NOT_STARTED, the ledger holds", async () => {
    const { tb, campaign, params } = await makePlatformCampaign({ fundMicros: 1_000_000_000n, status: "started" });
    const users: Awaited<ReturnType<typeof linkPlatformCampaignUser>>[] = [];
    for (let i = 0; i < 4; i++) users.push(await linkPlatformCampaignUser(campaign.id));
    const calls = Array.from({ length: 64 }, (_, i) =>
      call(POST, { headers: idem(tb), params, body: { eventCode: "daily_login", userRef: users[i % 4].userRef } }),
    );
    // The 64 payouts queue on the campaign's row, each holding one of the pool's 20 connections; on a loaded
    // machine the stop's wait for a connection can pass the pool's 5 s bound: a 503 SERVICE_UNAVAILABLE that
    // did nothing, which a client retries with the same Idempotency-Key (as here). A payout's 503 is counted as
    // unpaid below (rows = 202 answers).
    const stopHeaders = idem(tb);
    const stopUntilAnswered = async () => {
      for (;;) {
        const res = await call(STOP, { headers: stopHeaders, params });
        if (res.status !== 503) return res;
        expect(res.body.code).toBe("SERVICE_UNAVAILABLE");
      }
    };
    const [results, stopped] = await Promise.all([Promise.all(calls), stopUntilAnswered()]);
    expect(stopped.status).toBe(202);
    for (const r of results) expect([202, 409, 503]).toContain(r.status);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe("CAMPAIGN_NOT_STARTED");
    for (const r of results.filter((x) => x.status === 503)) expect(r.body.code).toBe("SERVICE_UNAVAILABLE");
    const rows = await getDb().campaignTransaction.findMany({ where: { campaignId: campaign.id } });
    expect(rows).toHaveLength(results.filter((r) => r.status === 202).length);
    expect(await usdcOf("campaign", campaign.id)).toBe(1_000_000_000n - BigInt(rows.length) * 1_000_000n);
    const after = await call(POST, { headers: idem(tb), params, body: { eventCode: "daily_login", userRef: users[0].userRef } });
    expect([after.status, after.body.code]).toEqual([409, "CAMPAIGN_NOT_STARTED"]);
    await expectLedgerHolds();
  });
});

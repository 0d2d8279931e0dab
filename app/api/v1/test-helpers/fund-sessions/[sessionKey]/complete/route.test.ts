import { describe, expect, it } from "vitest";
import { POST as COMPLETE } from "./route";
import { POST as EXPIRE } from "../expire/route";
import { GET as GET_CAMPAIGN_SESSION } from "@/app/api/v1/platform/campaigns/[campaignId]/fund-sessions/[handle]/route";
import { GET as GET_DISTRIBUTION_SESSION } from "@/app/api/v1/platform/distributions/[id]/fund-sessions/[handle]/route";
import { call } from "@/tests/support/http";
import {
  campaignSession,
  distributionSession,
  expectBalancedBooks,
  idemKey,
  makeFundDistribution,
  makeFundTenant,
  usdcBalance,
} from "@/tests/support/fund-sessions";
import { addPlatformKey, platformEventsOf } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { transactionHash } from "@/lib/ledger/address";

const BALANCED = { sum: 0n, negativeAccounts: [], driftedAccounts: [], unbalancedJournals: [], miscountedTenants: [], misstatedJournals: [] };

describe("POST /v1/test-helpers/fund-sessions/{sessionKey}/complete", () => {
  it("campaign: the payer's amount credits the campaign in one journal; the session is completed; Platform.FundSession.Completed", async () => {
    const { mgmt, campaign, platform, business } = await makeFundTenant();
    const s = await campaignSession(mgmt, campaign.id, { metadata: { order: "42" } });
    const res = await call(COMPLETE, { headers: { ...mgmt, ...idemKey() }, params: { sessionKey: s.sessionKey }, body: { amountUsdc: "250.5" } });
    expect(res.status).toBe(200);
    const row = await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } });
    expect(res.body).toEqual({
      sessionKey: s.sessionKey,
      url: s.url,
      status: "completed",
      campaignId: campaign.id,
      amountUsdc: 250.5,
      transactionHash: transactionHash(row.journalId!),
      completedAt: expect.any(String),
      createdAt: expect.any(String),
      expiresAt: s.expiresAt,
      metadata: { order: "42" },
    });
    expect(await usdcBalance("campaign", campaign.id)).toBe(250_500_000n);
    const journal = await getDb().ledgerJournal.findUniqueOrThrow({ where: { id: row.journalId! } });
    expect(journal).toMatchObject({ type: "campaign_fund", reference: campaign.id, tenantId: business.id });
    expect(await platformEventsOf(platform.id)).toEqual([
      {
        event: "Platform.FundSession.Completed",
        objectType: "fund_session",
        data: {
          sessionKey: s.sessionKey,
          targetType: "campaign",
          campaignId: campaign.id,
          distributionId: null,
          businessId: business.id,
          status: "completed",
          amountUsdc: 250.5,
          transactionHash: res.body.transactionHash,
          completedAt: res.body.completedAt,
          metadata: { order: "42" },
        },
      },
    ]);
    const got = await call(GET_CAMPAIGN_SESSION, { headers: mgmt, params: { campaignId: campaign.id, handle: s.sessionKey } });
    expect(got.body).toEqual(res.body);
    expect(await expectBalancedBooks()).toEqual(BALANCED);
  });

  it("distribution: pays the amount due by default; the distribution is funded and paid out; a replay with the same key replays", async () => {
    const { tb, mgmt, platform } = await makeFundTenant();
    const d = await makeFundDistribution(tb);
    const s = await distributionSession(tb, d._id);
    const headers = { ...mgmt, ...idemKey() };
    const res = await call(COMPLETE, { headers, params: { sessionKey: s.sessionKey }, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "completed",
      distributionId: d._id,
      amountUsdc: 10.86,
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    const dist = await getDb().distribution.findUniqueOrThrow({ where: { id: d._id } });
    expect([dist.status, dist.fundedMicros]).toEqual(["funded", 10_860_000n]);
    expect(await usdcBalance("distribution", d._id)).toBe(0n);
    expect((await platformEventsOf(platform.id)).map((e) => e.event)).toEqual([
      "Platform.Distribution.Created",
      "Platform.Gifts.Funded",
      "Platform.FundSession.Completed",
    ]);
    const replay = await call(COMPLETE, { headers, params: { sessionKey: s.sessionKey }, body: {} });
    expect([replay.status, replay.headers.get("idempotent-replayed"), replay.body]).toEqual([200, "true", res.body]);
    const again = await call(COMPLETE, { headers: { ...mgmt, ...idemKey() }, params: { sessionKey: s.sessionKey }, body: {} });
    expect([again.status, again.body.code]).toEqual([409, "FUND_SESSION_NOT_PENDING"]);
    const got = await call(GET_DISTRIBUTION_SESSION, { headers: tb, params: { id: d._id, handle: s.sessionKey } });
    expect(got.body.status).toBe("completed");
    expect(
      await getDb().ledgerJournal.count({
        where: {
          type: "distribution_funding",
          reference: { in: [s.sessionKey, (await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } })).id] },
        },
      }),
    ).toBe(1);
    expect(await expectBalancedBooks()).toEqual(BALANCED);
  });

  it("distribution: a partial amount leaves it pending; the next session asks for the rest", async () => {
    const { tb, mgmt } = await makeFundTenant();
    const d = await makeFundDistribution(tb);
    const s = await distributionSession(tb, d._id);
    const res = await call(COMPLETE, { headers: mgmt, params: { sessionKey: s.sessionKey }, body: { amountUsdc: 5 } });
    expect(res.body).toMatchObject({ status: "completed", amountUsdc: 5 });
    expect((await getDb().distribution.findUniqueOrThrow({ where: { id: d._id } })).status).toBe("pending");
    expect(await usdcBalance("distribution", d._id)).toBe(5_000_000n);
    const next = await distributionSession(tb, d._id);
    const got = await call(GET_DISTRIBUTION_SESSION, { headers: tb, params: { id: d._id, handle: next.sessionKey } });
    expect(got.body.amountUsdc).toBe(5.86);
    await call(COMPLETE, { headers: mgmt, params: { sessionKey: next.sessionKey }, body: {} });
    expect((await getDb().distribution.findUniqueOrThrow({ where: { id: d._id } })).status).toBe("funded");
    expect(await expectBalancedBooks()).toEqual(BALANCED);
  });

  it("400 naming amountUsdc: missing for a campaign, too precise, out of range, above the amount due; nothing changes", async () => {
    const { tb, mgmt, campaign, platform } = await makeFundTenant();
    const s = await campaignSession(mgmt, campaign.id);
    const d = await makeFundDistribution(tb);
    const ds = await distributionSession(tb, d._id);
    const cases: [string, unknown, RegExp][] = [
      [s.sessionKey, {}, /required/],
      [s.sessionKey, { amountUsdc: 10.001 }, /2 decimals/],
      [s.sessionKey, { amountUsdc: "1e3" }, /2 decimals/],
      [s.sessionKey, { amountUsdc: 0.99 }, /between 1.00 USDC and 100000.00 USDC/],
      [s.sessionKey, { amountUsdc: 100_000.01 }, /between/],
      [s.sessionKey, { amountUsdc: -5 }, /2 decimals/],
      [ds.sessionKey, { amountUsdc: 10.87 }, /at most the amount due, 10.86 USDC/],
      [ds.sessionKey, { amountUsdc: 0 }, /more than 0/],
    ];
    for (const [sessionKey, body, message] of cases) {
      const res = await call(COMPLETE, { headers: mgmt, params: { sessionKey }, body });
      expect([res.status, res.body.code, res.body.details?.[0]?.field], JSON.stringify(body)).toEqual([400, "VALIDATION_ERROR", "amountUsdc"]);
      expect(res.body.details[0].message).toMatch(message);
    }
    const wrongType = await call(COMPLETE, { headers: mgmt, params: { sessionKey: s.sessionKey }, body: { amountUsdc: true } });
    expect([wrongType.status, wrongType.body.details[0].field]).toEqual([400, "amountUsdc"]);
    expect(await getDb().fundSession.count({ where: { sessionKey: { in: [s.sessionKey, ds.sessionKey] }, status: "pending" } })).toBe(2);
    expect(await usdcBalance("campaign", campaign.id)).toBe(0n);
    expect((await platformEventsOf(platform.id)).map((e) => e.event)).toEqual(["Platform.Distribution.Created"]);
  });

  it("401 without a key; 404 for another platform's session, an unknown key and a live key; nothing changes", async () => {
    const { mgmt, campaign, platform } = await makeFundTenant();
    const s = await campaignSession(mgmt, campaign.id);
    const params = { sessionKey: s.sessionKey };
    expect((await call(COMPLETE, { params, body: { amountUsdc: 5 } })).status).toBe(401);
    const other = await makeFundTenant();
    const foreign = await call(COMPLETE, { headers: other.mgmt, params, body: { amountUsdc: 5 } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "FUND_SESSION_NOT_FOUND"]);
    expect((await call(COMPLETE, { headers: mgmt, params: { sessionKey: "fs_test_" + "A".repeat(43) }, body: { amountUsdc: 5 } })).status).toBe(404);
    const live = await addPlatformKey(platform.id, { environment: "live" });
    const liveRes = await call(COMPLETE, { headers: live.headers, params, body: { amountUsdc: 5 } });
    expect([liveRes.status, liveRes.body.code]).toEqual([404, "NOT_FOUND"]);
    expect((await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } })).status).toBe("pending");
    // another key of the same platform may complete it
    const second = await addPlatformKey(platform.id);
    expect((await call(COMPLETE, { headers: second.headers, params, body: { amountUsdc: 5 } })).status).toBe(200);
  });
});

describe("POST /v1/test-helpers/fund-sessions/{sessionKey}/expire", () => {
  it("a pending session expires now (campaign and distribution); then it cannot be completed, cancelled or expired again", async () => {
    const { tb, mgmt, campaign } = await makeFundTenant();
    const s = await campaignSession(mgmt, campaign.id);
    const res = await call(EXPIRE, { headers: mgmt, params: { sessionKey: s.sessionKey } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sessionKey: s.sessionKey, status: "expired", campaignId: campaign.id, amountUsdc: null });
    expect(Date.parse(res.body.expiresAt)).toBeLessThanOrEqual(Date.now());
    expect((await call(COMPLETE, { headers: mgmt, params: { sessionKey: s.sessionKey }, body: { amountUsdc: 5 } })).body.code).toBe("FUND_SESSION_NOT_PENDING");
    const twice = await call(EXPIRE, { headers: mgmt, params: { sessionKey: s.sessionKey } });
    expect([twice.status, twice.body.code]).toEqual([409, "FUND_SESSION_NOT_PENDING"]);
    const d = await makeFundDistribution(tb);
    const ds = await distributionSession(tb, d._id);
    const dres = await call(EXPIRE, { headers: mgmt, params: { sessionKey: ds.sessionKey } });
    expect(dres.body).toMatchObject({ status: "expired", distributionId: d._id, amountUsdc: 10.86 });
    expect(await usdcBalance("campaign", campaign.id)).toBe(0n);
  });

  it("401; 404 for another platform's session and for a live key", async () => {
    const { mgmt, campaign, platform } = await makeFundTenant();
    const s = await campaignSession(mgmt, campaign.id);
    const params = { sessionKey: s.sessionKey };
    expect((await call(EXPIRE, { params })).status).toBe(401);
    const other = await makeFundTenant();
    expect((await call(EXPIRE, { headers: other.mgmt, params })).body.code).toBe("FUND_SESSION_NOT_FOUND");
    const live = await addPlatformKey(platform.id, { environment: "live" });
    expect((await call(EXPIRE, { headers: live.headers, params })).status).toBe(404);
    expect((await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } })).status).toBe("pending");
  });
});

// Completions racing each other, a DELETE of the session and a cancel of the distribution, as real parallel
// requests against PostgreSQL: a session is funded exactly once and the books balance.
import { describe, expect, it } from "vitest";
import { POST as COMPLETE } from "@/app/api/v1/test-helpers/fund-sessions/[sessionKey]/complete/route";
import { DELETE as DELETE_DISTRIBUTION_SESSION } from "@/app/api/v1/platform/distributions/[id]/fund-sessions/[handle]/route";
import { POST as CANCEL_DISTRIBUTION } from "@/app/api/v1/platform/distributions/[id]/cancel/route";
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
import { platformEventsOf } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { completeFundSession } from "./complete-fund-session";
import { AppError } from "@/lib/core/errors";

const BALANCED = { sum: 0n, negativeAccounts: [], driftedAccounts: [], unbalancedJournals: [], miscountedTenants: [], misstatedJournals: [] };
const count = (xs: number[], v: number) => xs.filter((x) => x === v).length;

describe("completing a fund session under concurrency", () => {
  it("48 parallel completions of one campaign session: funded exactly once", async () => {
    const { mgmt, campaign, platform } = await makeFundTenant();
    const s = await campaignSession(mgmt, campaign.id);
    const results = await Promise.all(
      Array.from({ length: 48 }, (_, i) =>
        call(COMPLETE, { headers: { ...mgmt, ...idemKey() }, params: { sessionKey: s.sessionKey }, body: { amountUsdc: 10 + i } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect([count(statuses, 200), count(statuses, 409)]).toEqual([1, 47]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe("FUND_SESSION_NOT_PENDING");
    const winner = results.find((r) => r.status === 200)!.body;
    expect(await usdcBalance("campaign", campaign.id)).toBe(BigInt(winner.amountUsdc) * 1_000_000n);
    expect(await getDb().ledgerJournal.count({ where: { type: "campaign_fund", reference: campaign.id } })).toBe(1);
    expect((await platformEventsOf(platform.id)).filter((e) => e.event === "Platform.FundSession.Completed")).toHaveLength(1);
    expect(await expectBalancedBooks()).toEqual(BALANCED);
  });

  it("40 completions, 8 session DELETEs and 8 distribution cancels race on one distribution: one outcome, nothing paid twice", async () => {
    const { tb, mgmt, platform } = await makeFundTenant();
    const d = await makeFundDistribution(tb);
    const s = await distributionSession(tb, d._id);
    const ops = [
      ...Array.from({ length: 40 }, () => () => call(COMPLETE, { headers: { ...mgmt, ...idemKey() }, params: { sessionKey: s.sessionKey }, body: {} })),
      ...Array.from({ length: 8 }, () => () => call(DELETE_DISTRIBUTION_SESSION, { headers: tb, params: { id: d._id, handle: s.sessionKey } })),
      ...Array.from({ length: 8 }, () => () => call(CANCEL_DISTRIBUTION, { headers: tb, params: { id: d._id } })),
    ].sort(() => Math.random() - 0.5);
    const results = await Promise.all(ops.map((op) => op()));
    const ok = results.filter((r) => r.status === 200);
    const session = await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } });
    const dist = await getDb().distribution.findUniqueOrThrow({ where: { id: d._id } });
    const fundings = await getDb().ledgerJournal.count({ where: { type: "distribution_funding", reference: session.id } });
    if (session.status === "completed") {
      expect([dist.status, dist.fundedMicros, fundings]).toEqual(["funded", 10_860_000n, 1]);
      expect(ok).toHaveLength(1);
      expect((await platformEventsOf(platform.id)).filter((e) => e.event === "Platform.FundSession.Completed")).toHaveLength(1);
    } else {
      expect(session.status).toBe("cancelled");
      expect([dist.fundedMicros, fundings]).toEqual([0n, 0]);
      // one DELETE or one distribution cancel won the session; at most one distribution cancel succeeded
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(ok.length).toBeLessThanOrEqual(2);
    }
    for (const r of results.filter((x) => x.status !== 200)) expect(["FUND_SESSION_NOT_PENDING", "NOT_CANCELLABLE"]).toContain(r.body.code);
    expect(await expectBalancedBooks()).toEqual(BALANCED);
  });

  it("two sessions of one distribution paying the full amount at once: one funds it, the other is refused and stays pending", async () => {
    const { tb } = await makeFundTenant();
    const d = await makeFundDistribution(tb);
    const a = await distributionSession(tb, d._id);
    const b = await distributionSession(tb, d._id);
    const outcomes = await Promise.allSettled([a, b].map((s) => completeFundSession({ db: getDb() }, { sessionKey: s.sessionKey })));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
    expect((refused.reason as AppError).code).toBe("DISTRIBUTION_NOT_PENDING");
    const rows = await getDb().fundSession.findMany({ where: { distributionId: d._id }, orderBy: { status: "asc" } });
    expect(rows.map((r) => r.status)).toEqual(["completed", "pending"]);
    expect((await getDb().distribution.findUniqueOrThrow({ where: { id: d._id } })).fundedMicros).toBe(10_860_000n);
    expect(await expectBalancedBooks()).toEqual(BALANCED);
  });

  it("the hosted page's card: the declined sandbox card charges nothing; an invalid card is 400; a live session is refused", async () => {
    const { mgmt, campaign } = await makeFundTenant();
    const s = await campaignSession(mgmt, campaign.id);
    const card = (number: string) => ({ number, expiry: "12/40", cvc: "123" });
    await expect(completeFundSession({ db: getDb() }, { sessionKey: s.sessionKey, amountUsdc: "20", card: card("4000 0000 0000 0002") })).rejects.toMatchObject(
      {
        code: "CARD_DECLINED",
      },
    );
    await expect(completeFundSession({ db: getDb() }, { sessionKey: s.sessionKey, amountUsdc: "20", card: card("4111 1111 1111 1111") })).rejects.toMatchObject(
      {
        code: "CARD_INVALID",
      },
    );
    expect((await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } })).status).toBe("pending");
    const done = await completeFundSession({ db: getDb() }, { sessionKey: s.sessionKey, amountUsdc: "20", card: card("4242 4242 4242 4242") });
    expect(done).toMatchObject({ status: "completed", amountUsdc: 20 });
    const live = await makeFundTenant({ environment: "live" });
    const ls = await campaignSession(live.mgmt, live.campaign.id);
    expect(ls.sessionKey).toMatch(/^fs_[A-Za-z0-9_-]{43}$/);
    await expect(
      completeFundSession({ db: getDb() }, { sessionKey: ls.sessionKey, amountUsdc: "20", card: card("4242 4242 4242 4242") }),
    ).rejects.toMatchObject({
      code: "TEST_FUNDS_ONLY",
    });
  });
});

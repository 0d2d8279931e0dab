import { describe, expect, it } from "vitest";
import { GET, POST } from "./route";
import { call } from "@/tests/support/http";
import { getDb } from "@/lib/db/client";
import { transactionHash } from "@/lib/ledger/address";
import { USDC_ASSET } from "@/lib/ledger/accounts";
import { checkVcLedgerInvariants } from "@/lib/vc/check-vc-journal-entries";
import { removeLink } from "@/lib/linking/remove-link";
import { expectCampaignAuth, idem, linkCampaignUser, makeCampaignWith, usdcOf } from "@/tests/support/campaigns";
import { makeGame, linkUser } from "@/tests/support/fixtures";

const snapshot = async (campaignId: string) => ({
  transactions: await getDb().campaignTransaction.count({ where: { campaignId } }),
  balance: await usdcOf("campaign", campaignId),
  events: await getDb().webhookEvent.count({ where: { ownerType: "campaign", ownerId: campaignId } }),
});

describe("POST /v1/campaign/{id}/events", () => {
  it("202 pays the definition's payout in one journal, with its transaction row and Campaign.Event.Recorded", async () => {
    const { campaign, business, headers, params, users } = await makeCampaignWith({ fundMicros: 100_000_000n, status: "started", users: 1 });
    const { userRef, player } = users[0];
    const res = await call(POST, { headers, params, body: { eventCode: "level_complete", userRef } });
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
    const journal = await getDb().ledgerJournal.findUniqueOrThrow({ where: { id: row.journalId }, include: { postings: { include: { account: true } } } });
    expect(journal).toMatchObject({ asset: "usdc", type: "campaign_payout", tenantId: business.id, reference: row.id });
    expect(journal.postings.map((p) => [p.account.kind, p.account.ownerRef, p.delta]).sort()).toEqual([
      ["campaign", campaign.id, -5_000_000n],
      ["wallet", player.id, 5_000_000n],
    ]);
    expect(await usdcOf("campaign", campaign.id)).toBe(95_000_000n);
    expect(await usdcOf("wallet", player.id)).toBe(5_000_000n);
    const ev = await getDb().webhookEvent.findFirstOrThrow({ where: { ownerType: "campaign", ownerId: campaign.id, event: "Campaign.Event.Recorded" } });
    expect(JSON.parse(ev.payload).data).toEqual({
      campaignId: campaign.id,
      environment: "test",
      userRef,
      eventCode: "level_complete",
      eventName: "Level complete",
      payoutAmount: 5,
      transactionHash: transactionHash(row.journalId),
      transactionId: row.id,
      createdAt: row.createdAt.toISOString(),
    });
  });

  it("payoutAmount alone is a one-time tip; with eventCode it replaces the definition's payout (exact decimals)", async () => {
    const { campaign, headers, params, users } = await makeCampaignWith({ fundMicros: 10_000_000n, status: "started", users: 1 });
    const { userRef, player } = users[0];
    const tip = await call(POST, { headers, params, body: { userRef, payoutAmount: 0.1 } });
    expect(tip.status).toBe(202);
    expect(tip.body).toMatchObject({ success: true, message: `Tip sent: 0.1 USDC paid to ${userRef}.`, payoutAmount: 0.1 });
    const over = await call(POST, { headers, params, body: { eventCode: "daily_login", userRef, payoutAmount: "2.123456" } });
    expect(over.body).toMatchObject({ success: true, payoutAmount: 2.123456 });
    const rows = await getDb().campaignTransaction.findMany({ where: { campaignId: campaign.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.eventCode, r.eventName, r.payoutMicros])).toEqual([
      ["tip", "One-time tip", 100_000n],
      ["daily_login", "Daily login", 2_123_456n],
    ]);
    expect(await usdcOf("wallet", player.id)).toBe(2_223_456n);
    expect(await usdcOf("campaign", campaign.id)).toBe(7_776_544n);
  });

  it("failures are {success false, error} with a 4xx and pay nothing", async () => {
    const { campaign, headers, params, users } = await makeCampaignWith({ fundMicros: 3_000_000n, status: "started", users: 1 });
    const { userRef } = users[0];
    const before = await snapshot(campaign.id);
    const cases: [unknown, number, string, string?][] = [
      [{ eventCode: "nope", userRef }, 404, "EVENT_CODE_NOT_FOUND"],
      [{ eventCode: "daily_login", userRef: "pvu_test_unknown" }, 404, "USER_REF_NOT_FOUND"],
      [{ eventCode: "level_complete", userRef }, 422, "INSUFFICIENT_CAMPAIGN_FUNDS"],
      [{ userRef, payoutAmount: 3.000001 }, 422, "INSUFFICIENT_CAMPAIGN_FUNDS"],
      [{ userRef }, 400, "VALIDATION_ERROR", "eventCode"],
      [{ eventCode: "daily_login" }, 400, "VALIDATION_ERROR", "userRef"],
      [{ userRef, payoutAmount: 0 }, 400, "VALIDATION_ERROR", "payoutAmount"],
      [{ userRef, payoutAmount: -1 }, 400, "VALIDATION_ERROR", "payoutAmount"],
      [{ userRef, payoutAmount: 0.0000001 }, 400, "VALIDATION_ERROR", "payoutAmount"],
      [{ userRef, payoutAmount: "1.1234567" }, 400, "VALIDATION_ERROR", "payoutAmount"],
      [{ userRef, payoutAmount: "abc" }, 400, "VALIDATION_ERROR", "payoutAmount"],
      [{ userRef, payoutAmount: true }, 400, "VALIDATION_ERROR", "payoutAmount"],
      // a misspelt field is refused, not ignored (it would pay the definition's amount instead)
      [{ eventCode: "daily_login", userRef, payout_amount: 0.5 }, 400, "VALIDATION_ERROR"],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await call(POST, { headers, params, body });
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([status, code]);
      expect(res.body).toMatchObject({ success: false, error: expect.any(String) });
      if (field) expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const misspelt = await call(POST, { headers, params, body: { eventCode: "daily_login", userRef, payout_amount: 0.5 } });
    expect(JSON.stringify(misspelt.body.details)).toContain(`{"field":"payout_amount","message":"is not a field of this request (unknown field)`);
    const poor = await call(POST, { headers, params, body: { eventCode: "level_complete", userRef } });
    expect(poor.body.error).toBe("The campaign has 3 USDC available and this payout needs 5 USDC; nothing was paid. Fund the campaign or lower payoutAmount.");
    expect(await snapshot(campaign.id)).toEqual(before);
  });

  it("a wrong type says what to send: payoutAmount null or true, eventCode or userRef not a string", async () => {
    const { headers, params, users } = await makeCampaignWith({ fundMicros: 3_000_000n, status: "started", users: 1 });
    const { userRef } = users[0];
    const amount = 'must be a USDC amount: a number such as 5 or 2.5, or a decimal string such as "2.5"';
    const cases: [unknown, string, string][] = [
      [{ userRef, payoutAmount: null }, "payoutAmount", amount],
      [{ userRef, payoutAmount: true }, "payoutAmount", amount],
      [{ userRef, payoutAmount: { value: 1 } }, "payoutAmount", amount],
      [{ eventCode: 5, userRef }, "eventCode", 'must be a string, for example "level_complete"'],
      [{ eventCode: "daily_login", userRef: 12 }, "userRef", "must be a string: the campaign userRef (pvu_…)"],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(POST, { headers, params, body });
      expect([res.status, res.body.success, res.body.code], JSON.stringify(body)).toEqual([400, false, "VALIDATION_ERROR"]);
      expect(res.body.details).toEqual([{ field, message }]);
      expect(res.body.error).toBe(`Invalid body: ${field} ${message}.`);
    }
  });

  it("409 CAMPAIGN_NOT_STARTED while created or stopped; 404 for a removed link, a game's user or another campaign's user", async () => {
    const a = await makeCampaignWith({ fundMicros: 50_000_000n, status: "created", users: 2 });
    const b = await makeCampaignWith({ fundMicros: 50_000_000n, status: "started", users: 1 });
    const body = { eventCode: "daily_login", userRef: a.users[0].userRef };
    const created = await call(POST, { headers: a.headers, params: a.params, body });
    expect(created.status).toBe(409);
    expect(created.body).toMatchObject({ success: false, code: "CAMPAIGN_NOT_STARTED", error: expect.stringContaining("it is created") });
    await getDb().campaign.update({ where: { id: a.campaign.id }, data: { status: "stopped" } });
    expect((await call(POST, { headers: a.headers, params: a.params, body })).body.code).toBe("CAMPAIGN_NOT_STARTED");

    await getDb().campaign.update({ where: { id: a.campaign.id }, data: { status: "started" } });
    await removeLink(
      { db: getDb() },
      {
        scope: { namespace: { type: "campaign", id: a.campaign.id }, environment: "test", owner: { type: "campaign", id: a.campaign.id } },
        userRef: a.users[1].userRef,
      },
    );
    const { game } = await makeGame();
    const gameUser = await linkUser(game.id);
    const before = await snapshot(a.campaign.id);
    for (const userRef of [a.users[1].userRef, gameUser, b.users[0].userRef]) {
      const res = await call(POST, { headers: a.headers, params: a.params, body: { eventCode: "daily_login", userRef } });
      expect([res.status, res.body.code, res.body.success]).toEqual([404, "USER_REF_NOT_FOUND", false]);
    }
    expect(await snapshot(a.campaign.id)).toEqual(before);
    expect(await usdcOf("campaign", b.campaign.id)).toBe(50_000_000n);
  });

  it("an Idempotency-Key makes an event exactly-once: the replay pays nothing; the same key with another body is 422", async () => {
    const { campaign, headers, params, users } = await makeCampaignWith({ fundMicros: 20_000_000n, status: "started", users: 1 });
    const h = idem(headers, "evt-1");
    const body = { eventCode: "level_complete", userRef: users[0].userRef };
    const first = await call(POST, { headers: h, params, body });
    const replay = await call(POST, { headers: h, params, body });
    expect(first.status).toBe(202);
    expect(replay.status).toBe(202);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const reused = await call(POST, { headers: h, params, body: { ...body, eventCode: "daily_login" } });
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ success: false, code: "IDEMPOTENCY_KEY_REUSED" });
    // concurrent retries of one key also pay once
    const h2 = idem(headers, "evt-2");
    const racing = await Promise.all(Array.from({ length: 8 }, () => call(POST, { headers: h2, params, body })));
    // each is the one payout (202, first or replayed) or told the key is in flight (409): never a second payout
    for (const r of racing) expect([202, 409]).toContain(r.status);
    for (const r of racing.filter((x) => x.status === 409)) expect(r.body.code).toBe("IDEMPOTENCY_IN_PROGRESS");
    expect(new Set(racing.filter((r) => r.status === 202).map((r) => r.body.transactionId)).size).toBe(1);
    const retried = await call(POST, { headers: h2, params, body });
    expect(retried.body.transactionId).toBe(racing.find((r) => r.status === 202)!.body.transactionId);
    expect(await getDb().campaignTransaction.count({ where: { campaignId: campaign.id } })).toBe(2);
    expect(await usdcOf("campaign", campaign.id)).toBe(10_000_000n);
  });

  it("64 concurrent events against funds for exactly 40 pay exactly 40; the balance ends at 0 and the ledger holds", async () => {
    const { campaign, headers, params } = await makeCampaignWith({ fundMicros: 40n * 1_000_000n, status: "started" });
    const users: Awaited<ReturnType<typeof linkCampaignUser>>[] = [];
    for (let i = 0; i < 8; i++) users.push(await linkCampaignUser(campaign.id));
    const results = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        call(POST, { headers: i % 2 ? idem(headers) : headers, params, body: { eventCode: "daily_login", userRef: users[i % 8].userRef } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(40);
    expect(statuses.filter((s) => s === 422)).toHaveLength(24);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body).toMatchObject({ success: false, code: "INSUFFICIENT_CAMPAIGN_FUNDS" });
    expect(await usdcOf("campaign", campaign.id)).toBe(0n);
    expect(await getDb().campaignTransaction.count({ where: { campaignId: campaign.id } })).toBe(40);
    let paid = 0n;
    for (const u of users) paid += await usdcOf("wallet", u.player.id);
    expect(paid).toBe(40_000_000n);
    expect(await getDb().webhookEvent.count({ where: { ownerId: campaign.id, event: "Campaign.Event.Recorded" } })).toBe(40);
    const inv = await checkVcLedgerInvariants(getDb(), { asset: USDC_ASSET, environment: "test" });
    expect(inv).toMatchObject({ sum: 0n, negativeAccounts: [], driftedAccounts: [], unbalancedJournals: [], miscountedTenants: [], misstatedJournals: [] });
  });

  it("401 without a campaign key; 404 for another campaign's key or id, nothing paid", async () => {
    const { campaign, headers, params, users } = await makeCampaignWith({ fundMicros: 10_000_000n, status: "started", users: 1 });
    await expectCampaignAuth(POST, { params, body: { eventCode: "daily_login", userRef: users[0].userRef } }, headers);
    expect(await usdcOf("campaign", campaign.id)).toBe(10_000_000n);
    expect(await getDb().campaignTransaction.count({ where: { campaignId: campaign.id } })).toBe(0);
  });
});

describe("GET /v1/campaign/{id}/events", () => {
  it("lists the event definitions with payoutAmount in USDC", async () => {
    const { headers, params } = await makeCampaignWith();
    const res = await call(GET, { headers, params });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      events: [
        { code: "daily_login", name: "Daily login", payoutAmount: 1 },
        { code: "level_complete", name: "Level complete", payoutAmount: 5 },
      ],
    });
    await expectCampaignAuth(GET, { params }, headers);
  });
});

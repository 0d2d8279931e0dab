import { describe, expect, it } from "vitest";
import { DELETE, GET, PATCH } from "./route";
import { GET as CAMPAIGN_GET } from "@/app/api/v1/campaign/[id]/route";
import { call } from "@/tests/support/http";
import { issueApiKey } from "@/lib/tenants/issue-api-key";
import { platformEventsOf } from "@/tests/support/platform";
import { expectScopeRefusals } from "@/tests/support/business";
import { getDb } from "@/lib/db/client";
import { addCampaign, campaignSnapshot, expectPlatformCampaignAuth, idem, makePlatformCampaign } from "@/tests/support/platform-campaigns";
import { usdcOf } from "@/tests/support/campaigns";
import { businessFundingAccount, USDC_ASSET } from "@/lib/ledger/accounts";
import { checkVcLedgerInvariants } from "@/lib/vc/check-vc-journal-entries";
import { transactionHash } from "@/lib/ledger/address";

describe("GET /v1/platform/campaigns/{campaignId}", () => {
  it("the campaign in the platform view with its balance and totals from the ledger (USDC)", async () => {
    const { tb, mgmt, campaign, business, platform, params } = await makePlatformCampaign({ fundMicros: 12_500_000n, status: "started" });
    const res = await call(GET, { headers: tb, params });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      campaignId: campaign.id,
      businessId: business.id,
      name: campaign.name,
      publicName: campaign.name,
      message: "",
      environment: "test",
      status: "started",
      address: campaign.address,
      chain: "coinop-ledger",
      events: [
        { code: "daily_login", name: "Daily login", payoutAmount: 1 },
        { code: "level_complete", name: "Level complete", payoutAmount: 5 },
      ],
      webhookUrl: null,
      webhookSecret: null,
      createdByPlatformId: platform.id,
      createdAt: campaign.createdAt.toISOString(),
      updatedAt: expect.any(String),
      balance: 12.5,
      totalAmountFunded: 12.5,
      totalAmountPaidOut: 0,
    });
    // X-Target-Business-Id is optional on campaign routes: the campaign names its business
    const noTarget = await call(GET, { headers: mgmt, params });
    expect(noTarget.body).toEqual(res.body);
  });

  it("404 for another business's, an ungranted, an unknown and a deleted campaign; 401 without a key; 403 without campaign:read", async () => {
    const { tb, params, business } = await makePlatformCampaign();
    await expectPlatformCampaignAuth(GET, { params }, tb);
    const gone = await addCampaign(business.id);
    await getDb().campaign.update({ where: { id: gone.id }, data: { status: "deleted" } });
    const deleted = await call(GET, { headers: tb, params: { campaignId: gone.id } });
    expect([deleted.status, deleted.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
    await expectScopeRefusals("campaign:read", async (t) => {
      const c = await addCampaign(t.business.id);
      return call(GET, { headers: t.tb, params: { campaignId: c.id } });
    });
  });
});

describe("PATCH /v1/platform/campaigns/{campaignId}", () => {
  it("changes the fields sent, replaces the events, emits Platform.Campaign.Updated", async () => {
    const { tb, campaign, business, platform, params } = await makePlatformCampaign({ status: "started" });
    const res = await call(PATCH, {
      headers: idem(tb),
      params,
      body: { name: "Renamed", message: "Well played!", events: [{ code: "win", name: "Win", payoutAmount: 2.5 }] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      campaignId: campaign.id,
      name: "Renamed",
      publicName: campaign.publicName,
      message: "Well played!",
      status: "started",
      events: [{ code: "win", name: "Win", payoutAmount: 2.5 }],
      webhookUrl: null,
      webhookSecret: null,
    });
    const row = await getDb().campaign.findUniqueOrThrow({ where: { id: campaign.id }, include: { events: true } });
    expect(row.events.map((e) => [e.code, e.payoutMicros])).toEqual([["win", 2_500_000n]]);
    expect(await platformEventsOf(platform.id)).toEqual([
      {
        event: "Platform.Campaign.Updated",
        objectType: "campaign",
        data: { campaignId: campaign.id, businessId: business.id, name: "Renamed", environment: "test", address: campaign.address, chain: "coinop-ledger" },
      },
    ]);
  });

  it("webhookUrl: a new URL gets a new secret, the same URL keeps it, null clears URL and secret", async () => {
    const { tb, campaign, platform, params } = await makePlatformCampaign();
    const set = await call(PATCH, { headers: idem(tb), params, body: { webhookUrl: "https://hooks.invalid/a" } });
    expect(set.status).toBe(200);
    const first = set.body.webhookSecret;
    expect(first).toMatch(/^whsec_[0-9a-f]{48}$/);
    const same = await call(PATCH, { headers: idem(tb), params, body: { webhookUrl: "https://hooks.invalid/a", publicName: "Public" } });
    expect(same.body).toMatchObject({ webhookUrl: "https://hooks.invalid/a", webhookSecret: first, publicName: "Public" });
    const replaced = await call(PATCH, { headers: idem(tb), params, body: { webhookUrl: "https://hooks.invalid/b" } });
    expect(replaced.body.webhookUrl).toBe("https://hooks.invalid/b");
    expect(replaced.body.webhookSecret).toMatch(/^whsec_/);
    expect(replaced.body.webhookSecret).not.toBe(first);
    const cleared = await call(PATCH, { headers: idem(tb), params, body: { webhookUrl: null } });
    expect(cleared.body).toMatchObject({ webhookUrl: null, webhookSecret: null });
    expect(await getDb().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).toMatchObject({ webhookUrl: null, webhookSecret: null });
    const events = await platformEventsOf(platform.id);
    expect(events.map((e) => [e.event, e.data.webhookSecret])).toEqual([
      ["Platform.Campaign.Updated", first],
      ["Platform.Campaign.Updated", first],
      ["Platform.Campaign.Updated", replaced.body.webhookSecret],
      ["Platform.Campaign.Updated", undefined],
    ]);
  });

  it("400 naming the field with nothing changed; idempotent replay; 404 for another business's campaign with nothing changed", async () => {
    const { tb, campaign, params } = await makePlatformCampaign();
    const before = await campaignSnapshot(campaign.id);
    const cases: [unknown, string, string][] = [
      [{}, "VALIDATION_ERROR", ""],
      [{ name: "" }, "VALIDATION_ERROR", "name"],
      [{ webhookUrl: "http://hooks.invalid/h" }, "INVALID_WEBHOOK_URL", "webhookUrl"],
      [{ webhookUrl: "https://127.0.0.1:1/h".replace("127.0.0.1", "169.254.169.254") }, "INVALID_WEBHOOK_URL", "webhookUrl"],
      [{ events: [{ code: "a", name: "A" }] }, "VALIDATION_ERROR", "events.0.payoutAmount"],
      [{ status: "started" }, "VALIDATION_ERROR", ""],
    ];
    for (const [body, code, field] of cases) {
      const res = await call(PATCH, { headers: idem(tb), params, body });
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, code]);
      if (field) expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await campaignSnapshot(campaign.id)).toEqual(before);

    const h = idem(tb);
    const a = await call(PATCH, { headers: h, params, body: { name: "Once" } });
    const b = await call(PATCH, { headers: h, params, body: { name: "Once" } });
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(b.body).toEqual(a.body);
    expect(await getDb().webhookEvent.count({ where: { objectId: campaign.id, event: "Platform.Campaign.Updated" } })).toBe(1);

    const victim = await makePlatformCampaign();
    const victimBefore = await campaignSnapshot(victim.campaign.id);
    const foreign = await call(PATCH, { headers: idem(tb), params: victim.params, body: { name: "Hijacked" } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
    expect(await campaignSnapshot(victim.campaign.id)).toEqual(victimBefore);
  });

  it("refuses without a key (401), a campaign it may not reach (404) and without campaign:update (403)", async () => {
    const { tb, params } = await makePlatformCampaign();
    await expectPlatformCampaignAuth(PATCH, { params, body: { name: "x" } }, idem(tb));
    await expectScopeRefusals("campaign:update", async (t) => {
      const c = await addCampaign(t.business.id);
      return call(PATCH, { headers: idem(t.tb), params: { campaignId: c.id }, body: { name: "x" } });
    });
  });
});

describe("DELETE /v1/platform/campaigns/{campaignId}", () => {
  it("204 for a stopped campaign: status deleted, its balance back to the business funding wallet, Platform.Campaign.Deleted; then 404 everywhere", async () => {
    const { tb, campaign, business, platform, params } = await makePlatformCampaign({ fundMicros: 7_000_000n, status: "stopped" });
    await call(PATCH, { headers: idem(tb), params, body: { webhookUrl: "https://hooks.invalid/c" } });
    const secret = (await getDb().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).webhookSecret;
    const res = await call(DELETE, { headers: tb, params });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    const row = await getDb().campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(row.status).toBe("deleted");
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await usdcOf("campaign", campaign.id)).toBe(0n);
    const funding = businessFundingAccount(business.id, "test");
    expect(await usdcOf(funding.kind, funding.ownerRef)).toBe(7_000_000n);
    const journal = await getDb().ledgerJournal.findFirstOrThrow({ where: { type: "campaign_withdraw", reference: campaign.id } });
    const events = await platformEventsOf(platform.id);
    expect(events.at(-1)).toEqual({
      event: "Platform.Campaign.Deleted",
      objectType: "campaign",
      data: {
        campaignId: campaign.id,
        businessId: business.id,
        name: campaign.name,
        environment: "test",
        webhookSecret: secret,
        returnedAmount: 7,
        transactionHash: transactionHash(journal.id),
      },
    });
    expect(await checkVcLedgerInvariants(getDb(), { asset: USDC_ASSET, environment: "test" })).toMatchObject({
      sum: 0n,
      negativeAccounts: [],
      driftedAccounts: [],
      unbalancedJournals: [],
      miscountedTenants: [],
      misstatedJournals: [],
    });
    for (const handler of [GET, DELETE]) {
      const again = await call(handler, { headers: tb, params });
      expect([again.status, again.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
    }
    const patched = await call(PATCH, { headers: idem(tb), params, body: { name: "x" } });
    expect([patched.status, patched.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
  });

  it("204 for a created campaign without money (no journal, no webhookSecret in the event); its campaign keys stop working", async () => {
    const { tb, campaign, platform, params } = await makePlatformCampaign();
    const { rawKey } = await issueApiKey({ db: getDb() }, { kind: "campaign", environment: "test", campaignId: campaign.id });
    const campaignHeaders = { authorization: `Bearer ${rawKey}`, "x-campaign-id": campaign.id };
    expect((await call(CAMPAIGN_GET, { headers: campaignHeaders, params: { id: campaign.id } })).status).toBe(200);
    expect((await call(DELETE, { headers: tb, params })).status).toBe(204);
    const revoked = await call(CAMPAIGN_GET, { headers: campaignHeaders, params: { id: campaign.id } });
    expect([revoked.status, revoked.body.code]).toEqual([401, "UNAUTHORIZED"]);
    const [ev] = await platformEventsOf(platform.id);
    expect(ev.data).toEqual({
      campaignId: campaign.id,
      businessId: campaign.businessId,
      name: campaign.name,
      environment: "test",
      returnedAmount: 0,
      transactionHash: null,
    });
  });

  it("409 CAMPAIGN_NOT_STOPPED for a started campaign, nothing changed; 404 for another business's; 401; 403 without campaign:delete", async () => {
    const { tb, campaign, params, platform } = await makePlatformCampaign({ fundMicros: 1_000_000n, status: "started" });
    const before = await campaignSnapshot(campaign.id);
    const res = await call(DELETE, { headers: tb, params });
    expect([res.status, res.body.code]).toEqual([409, "CAMPAIGN_NOT_STOPPED"]);
    expect(await campaignSnapshot(campaign.id)).toEqual(before);
    expect(await platformEventsOf(platform.id)).toEqual([]);
    const victim = await makePlatformCampaign({ status: "stopped" });
    const foreign = await call(DELETE, { headers: tb, params: victim.params });
    expect([foreign.status, foreign.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
    expect((await getDb().campaign.findUniqueOrThrow({ where: { id: victim.campaign.id } })).status).toBe("stopped");
    await expectPlatformCampaignAuth(DELETE, { params }, tb);
    await expectScopeRefusals("campaign:delete", async (t) => {
      const c = await addCampaign(t.business.id);
      return call(DELETE, { headers: t.tb, params: { campaignId: c.id } });
    });
  });
});

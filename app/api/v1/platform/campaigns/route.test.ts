import { describe, expect, it } from "vitest";
import { GET, POST } from "./route";
import { appBaseUrl } from "@/lib/config/settings";
import { call } from "@/tests/support/http";
import { idem, makePlatformTenant, platformEventsOf } from "@/tests/support/platform";
import { expectBusinessAuth, expectScopeRefusals } from "@/tests/support/business";
import { getDb } from "@/lib/db/client";
import { addCampaign } from "@/tests/support/platform-campaigns";
import { custodyAddress } from "@/lib/ledger/address";

const BODY = {
  name: "Summer quest",
  publicName: "Summer Quest 2026",
  message: "You earned a reward in Summer Quest!",
  events: [
    { code: "level_complete", name: "Level complete", payoutAmount: 5 },
    { code: "boss", name: "Boss defeated", payoutAmount: "0.25" },
  ],
};

const create = (headers: Record<string, string>, body: unknown = BODY) => call(POST, { headers: { ...headers, ...idem() }, body });

describe("POST /v1/platform/campaigns", () => {
  it("201 creates a campaign of the target business in state created, records the platform and key, emits Platform.Campaign.Created", async () => {
    const { tb, business, platform, key } = await makePlatformTenant();
    const res = await create(tb);
    expect(res.status).toBe(201);
    const id = res.body.campaignId;
    expect(res.headers.get("location")).toBe(`${appBaseUrl()}/api/v1/platform/campaigns/${id}`);
    expect(res.body).toEqual({
      campaignId: id,
      businessId: business.id,
      name: "Summer quest",
      publicName: "Summer Quest 2026",
      message: "You earned a reward in Summer Quest!",
      environment: "test",
      status: "created",
      address: custodyAddress("campaign", id, "test"),
      chain: "coinop-ledger",
      events: [
        { code: "boss", name: "Boss defeated", payoutAmount: 0.25 },
        { code: "level_complete", name: "Level complete", payoutAmount: 5 },
      ],
      webhookUrl: null,
      webhookSecret: null,
      createdByPlatformId: platform.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const row = await getDb().campaign.findUniqueOrThrow({ where: { id }, include: { events: true } });
    expect(row).toMatchObject({ businessId: business.id, environment: "test", createdByPlatformId: platform.id, createdByKeyId: key.id, webhookSecret: null });
    expect(row.events.map((e) => [e.code, e.payoutMicros]).sort()).toEqual([
      ["boss", 250_000n],
      ["level_complete", 5_000_000n],
    ]);
    expect(await platformEventsOf(platform.id)).toEqual([
      {
        event: "Platform.Campaign.Created",
        objectType: "campaign",
        data: { campaignId: id, businessId: business.id, name: "Summer quest", environment: "test", address: row.address, chain: "coinop-ledger" },
      },
    ]);
  });

  it("a webhookUrl must be https; it gets a new webhookSecret, returned and sent in Platform.Campaign.Created", async () => {
    const { tb, platform } = await makePlatformTenant();
    const res = await create(tb, { name: "Hooked", webhookUrl: "https://hooks.invalid/campaign" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Hooked", publicName: "Hooked", message: "", events: [], webhookUrl: "https://hooks.invalid/campaign" });
    expect(res.body.webhookSecret).toMatch(/^whsec_[0-9a-f]{48}$/);
    const [ev] = await platformEventsOf(platform.id);
    expect(ev.data.webhookSecret).toBe(res.body.webhookSecret);
    const other = await create(tb, { name: "Hooked 2", webhookUrl: "https://hooks.invalid/campaign" });
    expect(other.body.webhookSecret).not.toBe(res.body.webhookSecret);
  });

  it("400 naming the field, and nothing is created", async () => {
    const { tb, business, platform } = await makePlatformTenant();
    const cases: [unknown, string, string][] = [
      [{}, "VALIDATION_ERROR", "name"],
      [{ name: "  " }, "VALIDATION_ERROR", "name"],
      [{ name: "x", webhookUrl: "http://hooks.invalid/h" }, "INVALID_WEBHOOK_URL", "webhookUrl"],
      [{ name: "x", webhookUrl: "https://10.0.0.1/h" }, "INVALID_WEBHOOK_URL", "webhookUrl"],
      [{ name: "x", webhookUrl: "not a url" }, "INVALID_WEBHOOK_URL", "webhookUrl"],
      [{ name: "x", events: [{ code: "a", name: "A", payoutAmount: 0 }] }, "VALIDATION_ERROR", "events.0.payoutAmount"],
      [{ name: "x", events: [{ code: "a", name: "A", payoutAmount: 1.0000001 }] }, "VALIDATION_ERROR", "events.0.payoutAmount"],
      [{ name: "x", events: [{ code: "a b", name: "A", payoutAmount: 1 }] }, "VALIDATION_ERROR", "events.0.code"],
      [
        {
          name: "x",
          events: [
            { code: "a", name: "A", payoutAmount: 1 },
            { code: "a", name: "B", payoutAmount: 2 },
          ],
        },
        "VALIDATION_ERROR",
        "events.1.code",
      ],
      [{ name: "x", payoutEmailMessage: "hi" }, "VALIDATION_ERROR", ""],
    ];
    for (const [body, code, field] of cases) {
      const res = await create(tb, body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, code]);
      if (field)
        expect(
          res.body.details.map((d: { field: string }) => d.field),
          JSON.stringify(body),
        ).toContain(field);
    }
    expect(await getDb().campaign.count({ where: { businessId: business.id } })).toBe(0);
    expect(await platformEventsOf(platform.id)).toEqual([]);
  });

  it("an idempotent retry replays the same campaign, made once", async () => {
    const { tb, business } = await makePlatformTenant();
    const h = { ...tb, ...idem() };
    const a = await call(POST, { headers: h, body: BODY });
    const b = await call(POST, { headers: h, body: BODY });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(b.body).toEqual(a.body);
    expect(await getDb().campaign.count({ where: { businessId: business.id } })).toBe(1);
    const reused = await call(POST, { headers: h, body: { ...BODY, name: "Other" } });
    expect([reused.status, reused.body.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
  });

  it("needs an Idempotency-Key, the key and a grant of the business, and campaign:create", async () => {
    const { tb } = await makePlatformTenant();
    const noKey = await call(POST, { headers: tb, body: BODY });
    expect([noKey.status, noKey.body.code]).toEqual([400, "IDEMPOTENCY_KEY_REQUIRED"]);
    await expectBusinessAuth(POST, { body: BODY, headers: {} }, { ...tb, ...idem() });
    await expectScopeRefusals("campaign:create", (t) => create(t.tb));
  });
});

describe("GET /v1/platform/campaigns", () => {
  it("lists the business's campaigns of the key's environment, newest first, without deleted ones or other businesses'", async () => {
    const { tb, business } = await makePlatformTenant();
    const a = await addCampaign(business.id);
    const b = await addCampaign(business.id, { status: "started" });
    const gone = await addCampaign(business.id);
    await getDb().campaign.update({ where: { id: gone.id }, data: { status: "deleted" } });
    const other = await makePlatformTenant();
    await addCampaign(other.business.id);
    await getDb().campaign.update({ where: { id: a.id }, data: { createdAt: new Date(Date.now() - 60_000) } });
    const res = await call(GET, { headers: tb });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      campaigns: [
        { campaignId: b.id, name: b.name, publicName: b.publicName, environment: "test", status: "started", createdAt: b.createdAt.toISOString() },
        { campaignId: a.id, name: a.name, publicName: a.publicName, environment: "test", status: "created", createdAt: expect.any(String) },
      ],
      total: 2,
    });
    const empty = await call(GET, { headers: other.tb });
    expect(empty.body.total).toBe(1);
  });

  it("refuses without a key, a target business, a grant or campaign:read", async () => {
    const { tb } = await makePlatformTenant();
    await expectBusinessAuth(GET, {}, tb);
    await expectScopeRefusals("campaign:read", (t) => call(GET, { headers: t.tb }));
  });
});

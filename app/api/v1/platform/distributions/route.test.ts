import { describe, expect, it } from "vitest";
import { GET as LIST, POST } from "./route";
import { GET as PREVIEW } from "./fee-preview/route";
import { POST as CANCEL } from "./[id]/cancel/route";
import { POST as CREATE_TEMPLATE } from "../split-templates/route";
import { call } from "@/tests/support/http";
import { addPlatformKey, idem, makePlatformTenant, platformEventsOf } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { findOrCreatePlayer, linkPlayer } from "@/lib/linking/link-player";
import { grantBusiness } from "@/lib/platform/grant-business";
import { createPlatform } from "@/lib/platform/create-platform";
import { issueApiKey } from "@/lib/tenants/issue-api-key";
import { ALL_SCOPES, BUSINESS_SCOPES } from "@/lib/platform/scopes";

const WALLET = "0x" + "ab".repeat(20);
const tag = () => Math.random().toString(16).slice(2);

const businessUser = async (businessId: string) => {
  const db = getDb();
  const player = await findOrCreatePlayer({ db }, { email: `u-${tag()}@example.com` });
  const link = await linkPlayer(
    { db },
    { namespace: { type: "business", id: businessId }, environment: "test", playerId: player.id, approval: { sessionId: null, at: new Date() } },
  );
  return { userRef: link.userRef, playerId: player.id };
};

const create = (headers: Record<string, string>, body: unknown) => call(POST, { headers: { ...headers, ...idem() }, body });

describe("POST /v1/platform/distributions", () => {
  it("percentage mode, mixed recipients: direct transfers for players with accounts, gifts for the rest, fees stored, event emitted", async () => {
    const { tb, business, platform, key, grant } = await makePlatformTenant();
    const linked = await businessUser(business.id);
    const known = await findOrCreatePlayer({ db: getDb() }, { email: `known-${tag()}@example.com` });
    const res = await create(tb, {
      mode: "percentage",
      totalAmountCents: 10_001,
      memo: "Season 1 prizes",
      recipients: [
        { userRef: linked.userRef, name: "Linked", percentage: 33.3333 },
        { email: known.email.toUpperCase(), name: "Known", percentage: 33.3333 },
        { email: `new-${tag()}@example.com`, name: "New", percentage: 33.3334 },
      ],
      fees: [{ label: "Platform", percentage: 2.5, flat: 30, feeType: "per_payout_plus_percentage", recipientWallet: WALLET }],
    });
    expect(res.status).toBe(201);
    const d = res.body;
    expect(d).toMatchObject({
      businessId: business.id,
      mode: "percentage",
      status: "pending",
      payoutPath: "partner",
      currency: "USD",
      totalAmountCents: 10_001,
      memo: "Season 1 prizes",
      templateId: null,
      createdByPlatformId: platform.id,
      fundedCents: 0,
    });
    // floors 3333 + 3333 + 3333 = 9999; the 2 cents left go to the largest remainders: .6667 (third), then the
    // tie at .6333 to the earlier recipient (first)
    expect(d.lineItems.map((l: { method: string; amountCents: number; status: string }) => [l.method, l.amountCents, l.status])).toEqual([
      ["direct_transfer", 3334, "pending"],
      ["direct_transfer", 3333, "pending"],
      ["gift", 3334, "pending"],
    ]);
    expect(d.lineItems.reduce((s: number, l: { amountCents: number }) => s + l.amountCents, 0)).toBe(10_001);
    expect(d.lineItems[1].email).toBe(known.email);
    // service fee: 1 % of 10 001 = 100.01 → 100; platform: 30 × 3 + 2.5 % of 10 001 (250.025 → 250) = 340
    expect(d.feeLineItems).toEqual([
      { label: "Coinop service fee", percentage: 1, flat: 0, feeType: "flat_rate_plus_percentage", recipientWallet: null, source: "service", amountCents: 100 },
      { label: "Platform", percentage: 2.5, flat: 30, feeType: "per_payout_plus_percentage", recipientWallet: WALLET, source: "platform", amountCents: 340 },
    ]);
    expect(d.totalFeeCents).toBe(440);
    expect(d.fundingRequiredCents).toBe(10_441);
    const row = await getDb().distribution.findUniqueOrThrow({ where: { id: d._id } });
    expect(row).toMatchObject({ platformId: platform.id, createdByKeyId: key.id, grantId: grant!.id, environment: "test" });
    expect(await platformEventsOf(platform.id)).toEqual([
      {
        event: "Platform.Distribution.Created",
        objectType: "distribution",
        data: {
          distributionId: d._id,
          businessId: business.id,
          totalAmountCents: 10_001,
          currency: "USD",
          recipientCount: 3,
          status: "pending",
          templateId: null,
          memo: "Season 1 prizes",
        },
      },
    ]);
    expect(await getDb().ledgerJournal.count({ where: { reference: d._id } })).toBe(0);
  });

  it("fixed mode: the total is the sum of the amounts (totalAmountCents ignored)", async () => {
    const { tb } = await makePlatformTenant();
    const res = await create(tb, {
      mode: "fixed",
      totalAmountCents: 5,
      payoutPath: "fund_session",
      recipients: [
        { email: "a@example.com", amount: 10.5 },
        { email: "b@example.com", amount: 0.25 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ totalAmountCents: 1075, payoutPath: "fund_session", totalFeeCents: 11, fundingRequiredCents: 1086 });
    expect(res.body.lineItems.map((l: { amountCents: number; percentage: number | null }) => [l.amountCents, l.percentage])).toEqual([
      [1050, null],
      [25, null],
    ]);
  });

  it("from a split template (mode taken from it); an archived or foreign template is 404", async () => {
    const { tb } = await makePlatformTenant();
    const t = await call(CREATE_TEMPLATE, {
      headers: { ...tb, ...idem() },
      body: {
        name: "T",
        mode: "percentage",
        recipients: [
          { email: "a@example.com", percentage: 75 },
          { email: "b@example.com", percentage: 25 },
        ],
      },
    });
    const res = await create(tb, { templateId: t.body._id, totalAmountCents: 400 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ mode: "percentage", templateId: t.body._id, totalAmountCents: 400 });
    expect(res.body.lineItems.map((l: { amountCents: number }) => l.amountCents)).toEqual([300, 100]);
    const mismatch = await create(tb, { templateId: t.body._id, mode: "fixed", totalAmountCents: 400 });
    expect([mismatch.status, mismatch.body.code, mismatch.body.details]).toEqual([
      400,
      "INVALID_SPLIT",
      [{ field: "mode", message: "must match the template's mode (percentage)" }],
    ]);
    const other = await makePlatformTenant();
    const foreign = await create(other.tb, { templateId: t.body._id, totalAmountCents: 400 });
    expect([foreign.status, foreign.body.code]).toEqual([404, "SPLIT_TEMPLATE_NOT_FOUND"]);
  });

  it("400 naming what is wrong, and nothing is created", async () => {
    const { tb, business } = await makePlatformTenant();
    const cases: [unknown, number, string, string][] = [
      [{ mode: "percentage", totalAmountCents: 100, recipients: [{ email: "a@example.com", percentage: 50 }] }, 400, "INVALID_SPLIT", "recipients"],
      [{ mode: "percentage", recipients: [{ email: "a@example.com", percentage: 100 }] }, 400, "INVALID_SPLIT", "totalAmountCents"],
      [{ mode: "fixed", recipients: [{ email: "a@example.com", amount: 1.001 }] }, 400, "INVALID_SPLIT", "recipients.0.amount"],
      [
        {
          mode: "percentage",
          totalAmountCents: 1,
          recipients: [
            { email: "a@example.com", percentage: 50 },
            { email: "b@example.com", percentage: 50 },
          ],
        },
        400,
        "INVALID_SPLIT",
        "recipients.1.percentage",
      ],
      [{ mode: "percentage", totalAmountCents: 10.5, recipients: [{ email: "a@example.com", percentage: 100 }] }, 400, "VALIDATION_ERROR", "totalAmountCents"],
      [
        { mode: "fixed", recipients: [{ email: "a@example.com", amount: 1 }], fees: [{ label: "x", percentage: 1 }] },
        400,
        "VALIDATION_ERROR",
        "fees.0.recipientWallet",
      ],
      [
        { mode: "fixed", recipients: [{ email: "a@example.com", amount: 1 }], fees: [{ label: "x", percentage: 1.00001, recipientWallet: WALLET }] },
        400,
        "INVALID_SPLIT",
        "fees.0.percentage",
      ],
      [{ mode: "fixed", recipients: [{ email: "a@example.com", amount: 1 }], payoutPath: "bank" }, 400, "VALIDATION_ERROR", "payoutPath"],
      [{ mode: "fixed" }, 400, "VALIDATION_ERROR", "recipients"],
      [{ mode: "fixed", recipients: [{ userRef: "gmu_test_1", amount: 1 }] }, 400, "INVALID_USER_REF", ""],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await create(tb, body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([status, code]);
      if (field) expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await getDb().distribution.count({ where: { businessId: business.id } })).toBe(0);
  });

  it("a userRef of another business is 404 USER_REF_NOT_FOUND", async () => {
    const { tb } = await makePlatformTenant();
    const other = await makePlatformTenant();
    const stranger = await businessUser(other.business.id);
    const res = await create(tb, { mode: "fixed", recipients: [{ userRef: stranger.userRef, amount: 1 }] });
    expect([res.status, res.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
  });

  it("an idempotent retry replays the same distribution, once", async () => {
    const { tb, business, platform } = await makePlatformTenant();
    const h = { ...tb, ...idem() };
    const body = { mode: "fixed", recipients: [{ email: "a@example.com", amount: 3 }] };
    const a = await call(POST, { headers: h, body });
    const b = await call(POST, { headers: h, body });
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(await getDb().distribution.count({ where: { businessId: business.id } })).toBe(1);
    expect((await platformEventsOf(platform.id)).length).toBe(1);
  });

  it("401 without a key; 403 naming each missing scope", async () => {
    expect((await call(POST, { headers: idem(), body: {} })).status).toBe(401);
    expect((await call(LIST, {})).status).toBe(401);
    for (const [handler, scope, extra] of [
      [POST, "distribution:create", { body: { mode: "fixed", recipients: [{ email: "a@example.com", amount: 1 }] } }],
      [LIST, "distribution:read", {}],
      [PREVIEW, "distribution:read", {}],
      [CANCEL, "distribution:cancel", { params: { id: "0".repeat(24) } }],
    ] as const) {
      const t = await makePlatformTenant({ grantScopes: BUSINESS_SCOPES.filter((s) => s !== scope) });
      const res = await call(handler, { headers: { ...t.tb, ...idem() }, ...extra });
      expect([res.status, res.body.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
      expect(res.body.error).toContain(scope);
      const k = await makePlatformTenant({ keyScopes: ALL_SCOPES.filter((s) => s !== scope) });
      expect((await call(handler, { headers: { ...k.tb, ...idem() }, ...extra })).status).toBe(403);
    }
  });
});

describe("GET /v1/platform/distributions", () => {
  it("pages newest first (default 20, max 100), filters by status, and shows only the target business", async () => {
    const { tb } = await makePlatformTenant();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(tb, { mode: "fixed", recipients: [{ email: "a@example.com", amount: i + 1 }] })).body._id);
    await call(CANCEL, { headers: tb, params: { id: ids[0]! } });
    const all = await call(LIST, { headers: tb });
    expect(all.body.pagination).toEqual({ total: 3, page: 1, limit: 20, totalPages: 1 });
    expect(all.body.distributions.map((d: { _id: string }) => d._id)).toEqual([ids[2], ids[1], ids[0]]);
    const page2 = await call(LIST, { headers: tb, query: { page: 2, limit: 2 } });
    expect(page2.body.distributions.map((d: { _id: string }) => d._id)).toEqual([ids[0]]);
    expect(page2.body.pagination).toEqual({ total: 3, page: 2, limit: 2, totalPages: 2 });
    const cancelled = await call(LIST, { headers: tb, query: { status: "cancelled" } });
    expect(cancelled.body.distributions.map((d: { _id: string; status: string }) => [d._id, d.status])).toEqual([[ids[0], "cancelled"]]);
    expect((await call(LIST, { headers: tb, query: { limit: 101 } })).status).toBe(400);
    expect((await call(LIST, { headers: tb, query: { status: "paid" } })).status).toBe(400);
    const other = await makePlatformTenant();
    expect((await call(LIST, { headers: other.tb })).body.pagination.total).toBe(0);
  });
});

describe("GET /v1/platform/distributions/fee-preview", () => {
  it("lists the service fee, and with totals computes what create stores, to the cent", async () => {
    const { tb, business } = await makePlatformTenant();
    const plain = await call(PREVIEW, { headers: tb });
    expect(plain.body).toEqual({
      fees: [{ label: "Coinop service fee", percentage: 1, flat: 0, feeType: "flat_rate_plus_percentage" }],
      recipientPaysPercentage: false,
      recipientPaysPlatformFeePercentage: false,
    });
    await getDb().distributionPricing.create({
      data: { businessId: business.id, feeType: "per_payout_plus_percentage", ppm: 12_345n, flatCents: 7n, label: "Negotiated" },
    });
    const preview = await call(PREVIEW, { headers: tb, query: { totalAmountCents: 98_765, recipientCount: 2 } });
    // 7 × 2 + 1.2345 % of 98 765 (1219.25… → 1219) = 1233
    expect(preview.body).toEqual({
      fees: [{ label: "Negotiated", percentage: 1.2345, flat: 7, feeType: "per_payout_plus_percentage", amountCents: 1233 }],
      recipientPaysPercentage: false,
      recipientPaysPlatformFeePercentage: false,
      totalFeeCents: 1233,
      fundingRequiredCents: 99_998,
    });
    const created = await create(tb, {
      mode: "percentage",
      totalAmountCents: 98_765,
      recipients: [
        { email: "a@example.com", percentage: 50 },
        { email: "b@example.com", percentage: 50 },
      ],
    });
    expect(created.body.feeLineItems[0].amountCents).toBe(preview.body.fees[0].amountCents);
    expect(created.body.fundingRequiredCents).toBe(preview.body.fundingRequiredCents);
    await getDb().distributionPricing.update({ where: { businessId: business.id }, data: { ppm: 0n, flatCents: 0n } });
    expect((await call(PREVIEW, { headers: tb })).body.fees).toEqual([]);
  });
});

describe("POST /v1/platform/distributions/{id}/cancel", () => {
  it("cancels a pending distribution, emits platform.distribution.cancelled; a second cancel is 422 NOT_CANCELLABLE", async () => {
    const { tb, platform, business } = await makePlatformTenant();
    const d = (await create(tb, { mode: "fixed", recipients: [{ email: "a@example.com", amount: 2 }] })).body;
    const res = await call(CANCEL, { headers: tb, params: { id: d._id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: d._id, status: "cancelled" });
    expect(res.body.lineItems[0].status).toBe("cancelled");
    const events = await platformEventsOf(platform.id);
    expect(events[1]).toMatchObject({
      event: "platform.distribution.cancelled",
      data: { distributionId: d._id, businessId: business.id, status: "cancelled", previousStatus: "pending", refundedAmountCents: 0, refundJournalId: null },
    });
    const again = await call(CANCEL, { headers: tb, params: { id: d._id } });
    expect([again.status, again.body.code]).toEqual([422, "NOT_CANCELLABLE"]);
    await getDb().distribution.update({ where: { id: d._id }, data: { status: "funded" } });
    expect((await call(CANCEL, { headers: tb, params: { id: d._id } })).status).toBe(422);
    expect((await platformEventsOf(platform.id)).length).toBe(2);
  });

  it("only the creating platform may cancel (403); another business's distribution is 404; nothing changes", async () => {
    const { tb, business } = await makePlatformTenant();
    const d = (await create(tb, { mode: "fixed", recipients: [{ email: "a@example.com", amount: 2 }] })).body;
    // a second platform with a grant from the same business
    const db = getDb();
    const p2 = await createPlatform({ db }, { name: `P2 ${tag()}`, approvedScopes: ALL_SCOPES });
    const { rawKey } = await issueApiKey({ db }, { kind: "platform", environment: "test", platformId: p2.id, scopes: ALL_SCOPES });
    await grantBusiness({ db }, { platformId: p2.id, businessId: business.id, scopes: BUSINESS_SCOPES });
    const h2 = { authorization: `Bearer ${rawKey}`, "x-target-business-id": business.id };
    const res = await call(CANCEL, { headers: h2, params: { id: d._id } });
    expect([res.status, res.body.code]).toEqual([403, "DISTRIBUTION_NOT_CREATOR"]);
    const other = await makePlatformTenant();
    const foreign = await call(CANCEL, { headers: other.tb, params: { id: d._id } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "DISTRIBUTION_NOT_FOUND"]);
    expect((await db.distribution.findUniqueOrThrow({ where: { id: d._id } })).status).toBe("pending");
    // another key of the creating platform may cancel
    const { platform } = await makePlatformTenant();
    expect(platform).toBeTruthy();
    const sameBizOtherKey = await addPlatformKey((await db.distribution.findUniqueOrThrow({ where: { id: d._id } })).platformId);
    expect((await call(CANCEL, { headers: { ...sameBizOtherKey.headers, "x-target-business-id": business.id }, params: { id: d._id } })).status).toBe(200);
  });
});

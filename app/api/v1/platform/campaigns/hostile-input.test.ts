// Hostile bodies against the platform campaign routes that take one, with a granted campaign behind the
// path (the global sweep in tests/fuzz.test.ts only reaches them with an ungranted campaign, a 404 before
// the body is read): never a 5xx, always the documented error body, and a refused call changes nothing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { POST as CREATE } from "./route";
import { PATCH } from "./[campaignId]/route";
import { POST as EVENTS } from "./[campaignId]/events/route";
import { call } from "@/tests/support/http";
import { getDb } from "@/lib/db/client";
import { campaignSnapshot, idem, makePlatformCampaign } from "@/tests/support/platform-campaigns";

const json = fc.jsonValue({ maxDepth: 3 });
const field = (valid: unknown) => fc.oneof(fc.constant(valid), json, fc.string({ maxLength: 300 }), fc.double(), fc.constant(null), fc.constant(undefined));

const event = fc.record({
  code: field("level_complete"),
  name: field("Level"),
  payoutAmount: fc.oneof(field(5), fc.constantFrom("0.000001", "1e3", "-1", "999999999999", "1.1234567", " 2 ", "NaN")),
});
const campaignBody = fc.record(
  {
    name: field("Fuzz"),
    publicName: field("Fuzz"),
    message: field("hi"),
    events: fc.oneof(fc.array(event, { maxLength: 4 }), json),
    webhookUrl: fc.oneof(
      field("https://hooks.invalid/x"),
      fc.constantFrom("https://[::1]/h", "https://0x7f000001/h", "https://169.254.169.254/", "ftp://hooks.invalid", "https://", "https://a b/"),
    ),
    extra: json,
  },
  { requiredKeys: [] },
);
/** a valid body with one field (maybe) replaced by something hostile, so each field's check is reached */
const oneHostile = <T extends Record<string, unknown>>(valid: T, hostile: fc.Arbitrary<Record<string, unknown>>) =>
  fc.tuple(hostile, fc.nat()).map(([h, i]) => {
    const keys = Object.keys(h);
    if (keys.length === 0) return valid;
    const k = keys[i % keys.length];
    return { ...valid, [k]: h[k] };
  });
const VALID_CAMPAIGN = { name: "Fuzz", events: [{ code: "level_complete", name: "Level", payoutAmount: 5 }] };
const campaignInput = fc.oneof(oneHostile(VALID_CAMPAIGN, campaignBody), campaignBody, json);

const eventBody = fc.record({ eventCode: field("level_complete"), userRef: field("pvu_test_x"), payoutAmount: field(1), extra: json }, { requiredKeys: [] });

const expectClean = (res: { status: number; body: { code?: unknown; error?: unknown } }, body: unknown) => {
  expect(res.status, JSON.stringify(body)).toBeLessThan(500);
  if (res.status >= 400) {
    expect(typeof res.body.code, JSON.stringify(body)).toBe("string");
    expect(String(res.body.error)).not.toMatch(/prisma|TypeError|undefined|\bat \w+ \(/i);
  }
};

describe("hostile input against the platform campaign routes", () => {
  it("POST campaigns: 201 or a clean 4xx; a refused body creates nothing", async () => {
    const { tb, business } = await makePlatformCampaign();
    let created = 0;
    await fc.assert(
      fc.asyncProperty(campaignInput, async (body) => {
        const before = await getDb().campaign.count({ where: { businessId: business.id } });
        const res = await call(CREATE, { headers: idem(tb), body });
        expectClean(res, body);
        const after = await getDb().campaign.count({ where: { businessId: business.id } });
        expect(after - before).toBe(res.status === 201 ? 1 : 0);
        if (res.status === 201) created++;
      }),
      { numRuns: 60, seed: 20261126 },
    );
    // valid bodies came through too, so the "creates nothing" check can see a creation
    expect(created).toBeGreaterThan(0);
  });

  it("PATCH a campaign: 200 or a clean 4xx; a refused body changes nothing", async () => {
    const { tb, campaign, params } = await makePlatformCampaign();
    await fc.assert(
      fc.asyncProperty(campaignInput, async (body) => {
        const before = await campaignSnapshot(campaign.id);
        const res = await call(PATCH, { headers: idem(tb), params, body });
        expectClean(res, body);
        if (res.status >= 400) expect(await campaignSnapshot(campaign.id)).toEqual(before);
      }),
      { numRuns: 60, seed: 20261126 },
    );
  });

  it("POST events: 202 or a clean 4xx; a refused body pays nothing", async () => {
    const { tb, campaign, params, users } = await makePlatformCampaign({ fundMicros: 1_000_000_000n, status: "started", users: 1 });
    const withUser = fc.tuple(eventBody, fc.boolean()).map(([b, linked]) => (linked ? { ...b, userRef: users[0].userRef } : b));
    let paid = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(withUser, json), async (body) => {
        const before = await campaignSnapshot(campaign.id);
        const res = await call(EVENTS, { headers: idem(tb), params, body });
        expectClean(res, body);
        if (res.status >= 400) expect(await campaignSnapshot(campaign.id)).toEqual(before);
        if (res.status === 202) paid++;
      }),
      { numRuns: 80, seed: 20261126 },
    );
    expect(paid).toBeGreaterThan(0);
  });
});

// Campaign keys on the portal's API keys page, against PostgreSQL: a key made here authenticates
// GET /v1/campaign/{id} (with X-Campaign-Id) until it is revoked, a rotated key and its replacement both work
// through the grace period, a key rotates once; the same services as for server keys, with the same refusals
// (viewer and finance 403, strangers 404, nobody 401, another business's campaign or key 404), nothing changed.
import { describe, expect, it } from "vitest";
import { GET as GET_CAMPAIGN } from "@/app/api/v1/campaign/[id]/route";
import { createCampaign } from "@/lib/campaigns/create-campaign";
import { getDb } from "@/lib/db/client";
import { hashKey } from "@/lib/tenants/keys";
import { issueApiKey } from "@/lib/tenants/issue-api-key";
import { call } from "@/tests/support/http";
import { makeBusinessAdmin, makePlatformTenant } from "@/tests/support/platform";
import { as, expectRefusedToReaders, makePortalTenant } from "@/tests/support/portal";
import type { PortalContext } from "./require-portal-access";
import { createGameKey } from "./create-game-key";
import { labelGameKey } from "./label-game-key";
import { loadPortalKeys } from "./load-portal-keys";
import { revokeGameKey } from "./revoke-game-key";
import { rotateGameKey } from "./rotate-game-key";
import { approveBusinessForLive } from "@/tests/support/activation";

const db = getDb();

const EVENTS = [{ code: "level_complete", name: "Level complete", payoutMicros: 5_000_000n }];

/** The portal tenant (tests/support/portal.ts) with a campaign in each business, each with a seed-like campaign key. */
const tenant = async () => {
  const t = await makePortalTenant();
  const campaign = await createCampaign({ db }, { businessId: t.business.id, environment: "test", name: "Spring quest", events: EVENTS });
  const otherCampaign = await createCampaign({ db }, { businessId: t.other.id, environment: "test", name: "Their quest", events: EVENTS });
  const key = await issueApiKey({ db }, { kind: "campaign", environment: "test", campaignId: campaign.id, label: "seed" });
  const otherKey = await issueApiKey({ db }, { kind: "campaign", environment: "test", campaignId: otherCampaign.id, label: "theirs" });
  return { ...t, campaign, otherCampaign, key, otherKey };
};

const campaignCall = (campaignId: string, rawKey: string) =>
  call(GET_CAMPAIGN, { headers: { authorization: `Bearer ${rawKey}`, "x-campaign-id": campaignId }, params: { id: campaignId } });

const campaignKeysOf = async (t: Awaited<ReturnType<typeof tenant>>, campaignId: string) =>
  (await loadPortalKeys(as(t.viewer), { businessId: t.business.id, environment: "test" })).campaigns.find((c) => c.id === campaignId)!.keys;

describe("campaign keys in the portal", () => {
  it("creates a campaign key shown once that authenticates GET /v1/campaign/{id}, renames it and revokes it (then 401), each change audited", async () => {
    const t = await tenant();
    const b = t.business.id;
    const made = await createGameKey(as(t.developer), { businessId: b, campaignId: t.campaign.id, label: " Quest server " });
    expect(made).toMatchObject({ kind: "campaign", label: "Quest server", campaignId: t.campaign.id, gameId: null });
    expect(made.rawKey).toMatch(/^service_campaign_test_[0-9a-f]{48}$/);
    expect(made.prefix).toBe(made.rawKey.slice(0, "service_campaign_test_".length + 4));
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: made.keyId } });
    expect(row).toMatchObject({ kind: "campaign", environment: "test", campaignId: t.campaign.id, gameId: null, hash: hashKey(made.rawKey), status: "active" });
    expect(JSON.stringify(row)).not.toContain(made.rawKey);

    // unused yet: "Never"; a call stamps its last use
    expect((await campaignKeysOf(t, t.campaign.id)).find((k) => k.keyId === made.keyId)).toMatchObject({ status: "active", lastUsedAt: null });
    const ok = await campaignCall(t.campaign.id, made.rawKey);
    expect([ok.status, ok.body.campaign?.id, ok.body.campaign?.businessId]).toEqual([200, t.campaign.id, b]);
    const shown = (await campaignKeysOf(t, t.campaign.id)).find((k) => k.keyId === made.keyId)!;
    expect(shown).toMatchObject({ prefix: made.prefix, label: "Quest server", status: "active", expiresAt: null });
    expect(shown.lastUsedAt).toBeInstanceOf(Date);
    expect(shown.createdAt).toEqual(row.createdAt);

    expect(await labelGameKey(as(t.admin), { businessId: b, keyId: made.keyId, label: "Quest backend" })).toEqual({
      keyId: made.keyId,
      label: "Quest backend",
    });
    const revoked = await revokeGameKey(as(t.owner), { businessId: b, keyId: made.keyId });
    expect(revoked.keyId).toBe(made.keyId);
    const after = await campaignCall(t.campaign.id, made.rawKey);
    expect([after.status, after.body.code]).toEqual([401, "UNAUTHORIZED"]);
    await expect(revokeGameKey(as(t.owner), { businessId: b, keyId: made.keyId })).rejects.toMatchObject({ code: "API_KEY_REVOKED", status: 409 });
    expect((await campaignKeysOf(t, t.campaign.id)).find((k) => k.keyId === made.keyId)!.status).toBe("revoked");
    // the seed key was never touched
    expect((await campaignCall(t.campaign.id, t.key.rawKey)).status).toBe(200);

    const entries = await db.auditEntry.findMany({ where: { businessId: b }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect(entries.map((e) => [e.environment, e.actorType, e.actorId, e.action, e.objectId, e.details])).toEqual([
      ["test", "member", t.developer.email, "api_key.created", made.keyId, { campaignId: t.campaign.id, prefix: made.prefix, label: "Quest server" }],
      ["test", "member", t.admin.email, "api_key.labelled", made.keyId, { prefix: made.prefix, from: "Quest server", to: "Quest backend" }],
      ["test", "member", t.owner.email, "api_key.revoked", made.keyId, { prefix: made.prefix, label: "Quest backend" }],
    ]);
    expect(JSON.stringify(entries)).not.toContain(made.rawKey);
  });

  it("rotates with a grace period: both keys work, the old one until its end; a key rotates once; a revoked one not at all", async () => {
    const t = await tenant();
    const b = t.business.id;
    const before = Date.now();
    const rotated = await rotateGameKey(as(t.developer), { businessId: b, keyId: t.key.key.id, gracePeriodDays: "2" });
    expect(rotated).toMatchObject({ label: "seed", campaignId: t.campaign.id, gameId: null, oldKeyId: t.key.key.id });
    expect(rotated.rawKey).toMatch(/^service_campaign_test_[0-9a-f]{48}$/);
    expect(rotated.oldKeyExpiresAt.getTime() - before).toBeGreaterThanOrEqual(2 * 86_400_000 - 1000);
    expect(rotated.oldKeyExpiresAt.getTime() - before).toBeLessThan(2 * 86_400_000 + 60_000);
    expect(await db.apiKey.findUniqueOrThrow({ where: { id: rotated.keyId } })).toMatchObject({
      kind: "campaign",
      campaignId: t.campaign.id,
      environment: "test",
    });
    expect((await campaignCall(t.campaign.id, t.key.rawKey)).status).toBe(200);
    expect((await campaignCall(t.campaign.id, rotated.rawKey)).status).toBe(200);
    expect((await campaignKeysOf(t, t.campaign.id)).map((k) => [k.keyId, k.status, k.expiresAt?.getTime() ?? null])).toEqual([
      [rotated.keyId, "active", null],
      [t.key.key.id, "rotating", rotated.oldKeyExpiresAt.getTime()],
    ]);

    await expect(rotateGameKey(as(t.developer), { businessId: b, keyId: t.key.key.id, gracePeriodDays: "7" })).rejects.toMatchObject({
      code: "API_KEY_ALREADY_ROTATED",
      status: 409,
    });
    await expect(rotateGameKey(as(t.developer), { businessId: b, keyId: rotated.keyId, gracePeriodDays: "0" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "gracePeriodDays" }],
    });
    await revokeGameKey(as(t.admin), { businessId: b, keyId: rotated.keyId });
    await expect(rotateGameKey(as(t.developer), { businessId: b, keyId: rotated.keyId, gracePeriodDays: "1" })).rejects.toMatchObject({
      code: "API_KEY_REVOKED",
      status: 409,
    });
    expect((await campaignCall(t.campaign.id, rotated.rawKey)).status).toBe(401);
    expect((await campaignCall(t.campaign.id, t.key.rawKey)).status).toBe(200); // still in its grace period
    expect(await db.apiKey.count({ where: { campaignId: t.campaign.id } })).toBe(2);
    expect((await db.auditEntry.findMany({ where: { businessId: b }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map((e) => e.action)).toEqual([
      "api_key.rotated",
      "api_key.revoked",
    ]);
  });

  it("refuses every campaign key action to viewers and finance (403), strangers (404), nobody (401), and another business's campaign or key (404), nothing changed", async () => {
    const t = await tenant();
    const b = t.business.id;
    const actions = {
      create: (ctx: PortalContext) => createGameKey(ctx, { businessId: b, campaignId: t.campaign.id, label: "x" }),
      label: (ctx: PortalContext) => labelGameKey(ctx, { businessId: b, keyId: t.key.key.id, label: "x" }),
      rotate: (ctx: PortalContext) => rotateGameKey(ctx, { businessId: b, keyId: t.key.key.id, gracePeriodDays: "1" }),
      revoke: (ctx: PortalContext) => revokeGameKey(ctx, { businessId: b, keyId: t.key.key.id }),
    };
    await expectRefusedToReaders(t, actions);
    // this business's admin, aiming at the other business's campaign or key through this business
    await expect(createGameKey(as(t.admin), { businessId: b, campaignId: t.otherCampaign.id, label: "x" })).rejects.toMatchObject({
      code: "CAMPAIGN_NOT_FOUND",
      status: 404,
    });
    await expect(labelGameKey(as(t.admin), { businessId: b, keyId: t.otherKey.key.id, label: "x" })).rejects.toMatchObject({
      code: "API_KEY_NOT_FOUND",
      status: 404,
    });
    await expect(rotateGameKey(as(t.admin), { businessId: b, keyId: t.otherKey.key.id, gracePeriodDays: "1" })).rejects.toMatchObject({
      code: "API_KEY_NOT_FOUND",
      status: 404,
    });
    await expect(revokeGameKey(as(t.admin), { businessId: b, keyId: t.otherKey.key.id })).rejects.toMatchObject({ code: "API_KEY_NOT_FOUND", status: 404 });
    // a campaign id given as a game id (and the reverse) is not found either
    await expect(createGameKey(as(t.admin), { businessId: b, gameId: t.campaign.id, label: "x" })).rejects.toMatchObject({ code: "GAME_NOT_FOUND" });
    await expect(createGameKey(as(t.admin), { businessId: b, campaignId: t.game.id, label: "x" })).rejects.toMatchObject({ code: "CAMPAIGN_NOT_FOUND" });

    const rows = await db.apiKey.findMany({ where: { campaignId: { in: [t.campaign.id, t.otherCampaign.id] } } });
    expect(rows.map((k) => [k.label, k.status, k.replacedByKeyId, k.expiresAt, k.revokedAt])).toEqual(
      expect.arrayContaining([
        ["seed", "active", null, null, null],
        ["theirs", "active", null, null, null],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(await db.apiKey.count({ where: { gameId: t.game.id } })).toBe(0);
    expect(await db.auditEntry.count({ where: { businessId: { in: [b, t.other.id] } } })).toBe(0);
    expect((await campaignCall(t.campaign.id, t.key.rawKey)).status).toBe(200);
    expect((await campaignCall(t.otherCampaign.id, t.otherKey.rawKey)).status).toBe(200);
  });

  it("leaves out deleted campaigns and platform keys: not listed, and 404 to every action", async () => {
    const t = await tenant();
    const b = t.business.id;
    const gone = await createCampaign({ db }, { businessId: b, environment: "test", name: "Gone quest", events: EVENTS });
    const goneKey = await issueApiKey({ db }, { kind: "campaign", environment: "test", campaignId: gone.id, label: "old" });
    await db.campaign.update({ where: { id: gone.id }, data: { status: "deleted", deletedAt: new Date() } });
    await approveBusinessForLive(b); // the test is about something else: a live business is an approved one
    const live = await createCampaign({ db }, { businessId: b, environment: "live", name: "Live quest", events: EVENTS });
    // a platform this business granted access to: its key is the platform's, not the business's
    const platform = await makePlatformTenant();
    const grantor = await makeBusinessAdmin(platform.business.id, { roles: ["admin"] });

    const test = await loadPortalKeys(as(t.viewer), { businessId: b, environment: "test" });
    expect(test.campaigns.map((c) => [c.name, c.keys.map((k) => k.label)])).toEqual([["Spring quest", ["seed"]]]);
    expect(test.games.map((g) => [g.name, g.keys.length])).toEqual([["Main game", 0]]);
    expect((await loadPortalKeys(as(t.viewer), { businessId: b, environment: "live" })).campaigns).toEqual([{ id: live.id, name: "Live quest", keys: [] }]);
    await expect(loadPortalKeys(as(t.stranger), { businessId: b, environment: "test" })).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(loadPortalKeys(as(null), { businessId: b, environment: "test" })).rejects.toMatchObject({ status: 401 });

    await expect(createGameKey(as(t.admin), { businessId: b, campaignId: gone.id, label: "x" })).rejects.toMatchObject({
      code: "CAMPAIGN_NOT_FOUND",
      status: 404,
    });
    await expect(rotateGameKey(as(t.admin), { businessId: b, keyId: goneKey.key.id, gracePeriodDays: "1" })).rejects.toMatchObject({
      code: "API_KEY_NOT_FOUND",
    });
    await expect(labelGameKey(as(grantor), { businessId: platform.business.id, keyId: platform.key.id, label: "x" })).rejects.toMatchObject({
      code: "API_KEY_NOT_FOUND",
      status: 404,
    });
    await expect(revokeGameKey(as(grantor), { businessId: platform.business.id, keyId: platform.key.id })).rejects.toMatchObject({ code: "API_KEY_NOT_FOUND" });
    expect(await db.apiKey.findUniqueOrThrow({ where: { id: platform.key.id } })).toMatchObject({ label: "test", status: "active", revokedAt: null });
    expect(await db.apiKey.findUniqueOrThrow({ where: { id: goneKey.key.id } })).toMatchObject({ status: "active", replacedByKeyId: null });
  });
});

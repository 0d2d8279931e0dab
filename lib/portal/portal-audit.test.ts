// The audit log in the portal: every change the portal's game and key services make is one entry (actor:
// the member; never a raw key), refused changes write none; the audit page and the CSV export are for
// members (404 a stranger, 401 nobody) and apply the same filters.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { as, makePortalTenant } from "@/tests/support/portal";
import { createGameKey } from "./create-game-key";
import { createPortalGame } from "./create-portal-game";
import { exportPortalAudit } from "./export-portal-audit";
import { labelGameKey } from "./label-game-key";
import { loadPortalAudit } from "./load-portal-audit";
import { revokeGameKey } from "./revoke-game-key";
import { rotateGameKey } from "./rotate-game-key";
import { updatePortalGame } from "./update-portal-game";
import { approveBusinessForLive } from "@/tests/support/activation";

const db = getDb();

const collect = async (lines: AsyncIterable<string>) => {
  let out = "";
  for await (const l of lines) out += l;
  return out;
};

describe("audit entries of the portal's game and key services", () => {
  it("records each change with the member as actor and no secret in the details", async () => {
    const t = await makePortalTenant();
    const b = t.business.id;
    const dev = as(t.developer);
    await approveBusinessForLive(b); // the test is about something else: a live business is an approved one
    const live = await createPortalGame(dev, { businessId: b, name: "Live one", description: "", environment: "live" });
    await updatePortalGame(dev, {
      businessId: b,
      gameId: t.game.id,
      storeUrl: "https://store.example",
      termsUrl: "",
      supportUrl: "",
      taxLabel: "",
      taxRatePercent: "",
    });
    const key = await createGameKey(dev, { businessId: b, gameId: t.game.id, label: "ci" });
    await labelGameKey(dev, { businessId: b, keyId: key.keyId, label: "ci-2" });
    const rotated = await rotateGameKey(dev, { businessId: b, keyId: key.keyId, gracePeriodDays: "3" });
    await revokeGameKey(dev, { businessId: b, keyId: rotated.keyId });

    const entries = await db.auditEntry.findMany({ where: { businessId: b }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect(entries.map((e) => [e.environment, e.actorType, e.actorId, e.action, e.objectType, e.objectId])).toEqual([
      ["live", "member", t.developer.email, "game.created", "game", live.gameId],
      ["test", "member", t.developer.email, "game.settings_updated", "game", t.game.id],
      ["test", "member", t.developer.email, "api_key.created", "api_key", key.keyId],
      ["test", "member", t.developer.email, "api_key.labelled", "api_key", key.keyId],
      ["test", "member", t.developer.email, "api_key.rotated", "api_key", key.keyId],
      ["test", "member", t.developer.email, "api_key.revoked", "api_key", rotated.keyId],
    ]);
    expect(entries.map((e) => e.details)).toEqual([
      { name: "Live one" },
      { fields: ["storeUrl", "supportUrl", "taxLabel", "taxRatePercent", "termsUrl"] },
      { gameId: t.game.id, prefix: key.prefix, label: "ci" },
      { prefix: key.prefix, from: "ci", to: "ci-2" },
      { prefix: key.prefix, newKeyId: rotated.keyId, newPrefix: rotated.prefix, gracePeriodDays: 3, oldKeyExpiresAt: rotated.oldKeyExpiresAt.toISOString() },
      { prefix: rotated.prefix, label: "ci-2" },
    ]);
    const all = JSON.stringify(entries);
    expect(all).not.toContain(key.rawKey);
    expect(all).not.toContain(rotated.rawKey);
  });

  it("records nothing for a refused change", async () => {
    const t = await makePortalTenant();
    const b = t.business.id;
    await expect(createPortalGame(as(t.viewer), { businessId: b, name: "No", description: "", environment: "test" })).rejects.toMatchObject({ status: 403 });
    await expect(createGameKey(as(t.stranger), { businessId: b, gameId: t.game.id, label: "x" })).rejects.toMatchObject({ status: 404 });
    const key = await createGameKey(as(t.developer), { businessId: b, gameId: t.game.id, label: "k" });
    await revokeGameKey(as(t.developer), { businessId: b, keyId: key.keyId });
    await expect(revokeGameKey(as(t.developer), { businessId: b, keyId: key.keyId })).rejects.toMatchObject({ code: "API_KEY_REVOKED" });
    expect((await db.auditEntry.findMany({ where: { businessId: b } })).map((e) => e.action).sort()).toEqual(["api_key.created", "api_key.revoked"]);
  });
});

describe("the audit page and its CSV export", () => {
  it("show the filtered entries to every role that reads them; 404 a stranger, 401 nobody", async () => {
    const t = await makePortalTenant();
    const b = t.business.id;
    const key = await createGameKey(as(t.developer), { businessId: b, gameId: t.game.id, label: '=HYPERLINK("x")' });
    await labelGameKey(as(t.developer), { businessId: b, keyId: key.keyId, label: "+plain" });
    await createPortalGame(as(t.developer), { businessId: b, name: "Second", description: "", environment: "test" });

    const page = await loadPortalAudit(as(t.viewer), { businessId: b, environment: "test", params: { action: "api_key", objectId: key.keyId } });
    expect(page.entries.map((e) => e.action)).toEqual(["api_key.labelled", "api_key.created"]);
    expect(page).toMatchObject({ nextCursor: null, invalid: [], paged: false, raw: { action: "api_key", objectId: key.keyId } });
    expect((await loadPortalAudit(as(t.finance), { businessId: b, environment: "live", params: {} })).entries).toEqual([]);
    expect((await loadPortalAudit(as(t.finance), { businessId: b, environment: "test", params: { actor: "bogus" } })).invalid).toEqual(["actor"]);

    const out = await exportPortalAudit(as(t.finance), { businessId: b, environment: "test", params: { action: "api_key" } });
    expect(out.fileName).toMatch(new RegExp(`^audit-${b}-test-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = (await collect(out.lines)).split("\r\n");
    expect(csv[0]).toBe("time,environment,actor_type,actor,actor_id,action,object_type,object_id,request_id,details");
    expect(csv).toHaveLength(4); // header, two rows, the empty string after the last line break
    expect(csv[1]).toContain(`,test,member,${t.developer.email},${t.developer.email},api_key.labelled,api_key,${key.keyId},,`);
    // the details cell starts with { (not a formula); the label inside is JSON, quoted as a whole
    expect(csv[1]).toMatch(/,"\{""[a-z]+"":/);
    expect(csv[1]).toContain(`""from"":""=HYPERLINK(\\""x\\"")""`);
    expect(csv[1]).toContain(`""to"":""+plain""`);
    expect(csv[3]).toBe("");

    for (const who of [t.stranger]) {
      await expect(loadPortalAudit(as(who), { businessId: b, environment: "test", params: {} })).rejects.toMatchObject({
        code: "BUSINESS_NOT_FOUND",
        status: 404,
      });
      await expect(exportPortalAudit(as(who), { businessId: b, environment: "test", params: {} })).rejects.toMatchObject({
        code: "BUSINESS_NOT_FOUND",
        status: 404,
      });
    }
    await expect(loadPortalAudit(as(null), { businessId: b, environment: "test", params: {} })).rejects.toMatchObject({
      code: "ADMIN_SIGN_IN_REQUIRED",
      status: 401,
    });
    await expect(exportPortalAudit(as(null), { businessId: b, environment: "test", params: {} })).rejects.toMatchObject({
      code: "ADMIN_SIGN_IN_REQUIRED",
      status: 401,
    });
  });

  it("streams every entry, past one read batch, newest first", async () => {
    const t = await makePortalTenant();
    const b = t.business.id;
    await db.auditEntry.createMany({
      data: Array.from({ length: 1203 }, (_, i) => ({
        id: `bulk_${b}_${String(i).padStart(4, "0")}`,
        businessId: b,
        environment: "test" as const,
        actorType: "system",
        actorId: "system",
        actorLabel: "-import",
        action: "test.bulk",
        objectType: "thing",
        objectId: String(i),
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      })),
    });
    const out = await exportPortalAudit(as(t.viewer), { businessId: b, environment: "test", params: {} });
    const lines = (await collect(out.lines)).trimEnd().split("\r\n");
    expect(lines).toHaveLength(1204);
    expect(lines[1]).toContain(",system,'-import,system,test.bulk,thing,1202,");
    expect(lines[1203]).toContain(",thing,0,");
  });
});

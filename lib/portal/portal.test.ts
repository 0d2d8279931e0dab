// The developer portal's loaders and actions against PostgreSQL, as its pages and server actions call them
// (ctx = the database and the signed-in player): what each role may see and do, checked on the server,
// with every action refused for a role that may not use it (403 PORTAL_ROLE_REQUIRED, nothing changed), a
// stranger (another business's member: 404, nothing changed), and nobody signed in (401); keys made here
// authenticate GET /v1/game until they are revoked, and a rotated key works through its grace period.
import { describe, expect, it } from "vitest";
import { GET as GET_GAME } from "@/app/api/v1/game/route";
import { verifyPlayerPassword } from "@/lib/auth/verify-player-password";
import { getDb } from "@/lib/db/client";
import { createGame } from "@/lib/games/create-game";
import { hashKey } from "@/lib/tenants/keys";
import { addBusinessMember } from "@/lib/tenants/add-business-member";
import { createBusiness } from "@/lib/tenants/create-business";
import { createDeveloperAccount } from "@/lib/tenants/create-developer-account";
import { issueApiKey } from "@/lib/tenants/issue-api-key";
import { call } from "@/tests/support/http";
import { makePlayer } from "@/tests/support/players";
import { makeBusiness } from "@/tests/support/platform";
import { as, expectRefusedToReaders, makePortalTenant } from "@/tests/support/portal";
import type { PortalContext } from "./require-portal-access";
import { claimDeveloperLogin } from "./claim-developer-login";
import { createGameKey } from "./create-game-key";
import { createPortalGame } from "./create-portal-game";
import { labelGameKey } from "./label-game-key";
import { listPortalBusinesses } from "./list-portal-businesses";
import { loadPortalGame } from "./load-portal-game";
import { loadPortalGames } from "./load-portal-games";
import { loadPortalKeys } from "./load-portal-keys";
import { loadPortalOverview } from "./load-portal-overview";
import { permissionsOf, PORTAL_PERMISSIONS, ROLE_PERMISSIONS, rolesOf } from "./permissions";
import { revokeGameKey } from "./revoke-game-key";
import { rotateGameKey } from "./rotate-game-key";
import { updatePortalGame } from "./update-portal-game";
import { approveBusinessForLive } from "@/tests/support/activation";

const db = getDb();

/** The portal tenant (tests/support/portal.ts), with the seed-like server key of each business's game. */
const tenant = async () => {
  const t = await makePortalTenant();
  const key = await issueApiKey({ db }, { kind: "server", environment: "test", gameId: t.game.id, label: "seed" });
  const otherKey = await issueApiKey({ db }, { kind: "server", environment: "test", gameId: t.otherGame.id, label: "theirs" });
  return { ...t, key, otherKey };
};

const gameCall = (gameId: string, rawKey: string) => call(GET_GAME, { headers: { authorization: `Bearer ${rawKey}`, "x-game-id": gameId } });

describe("the role table", () => {
  it("gives owners, admins and developers everything, finance the business and its games, viewers read-only access", () => {
    const all = [...PORTAL_PERMISSIONS];
    expect(ROLE_PERMISSIONS.owner).toEqual(all);
    expect(ROLE_PERMISSIONS.admin).toEqual(all);
    expect(ROLE_PERMISSIONS.developer).toEqual(
      all.filter((p) => p !== "members:write" && p !== "cashouts:write" && p !== "activation:write" && p !== "refunds:write"),
    );
    expect(ROLE_PERMISSIONS.finance).toEqual([
      "overview:read",
      "games:read",
      "members:read",
      "audit:read",
      "ledger:read",
      "cashouts:write",
      "refunds:write",
      "catalogue:read",
      "campaigns:read",
      "campaigns:write",
      "players:read",
    ]);
    expect(ROLE_PERMISSIONS.viewer).toEqual(all.filter((p) => p.endsWith(":read")));
    expect(ROLE_PERMISSIONS.viewer).not.toContain("keys:write");
    expect(rolesOf({ roles: ["viewer", "finance", "superuser"], isOwner: true })).toEqual(["owner", "finance", "viewer"]);
    expect(permissionsOf(["finance", "viewer"])).toEqual(
      [...new Set([...ROLE_PERMISSIONS.finance, ...ROLE_PERMISSIONS.viewer])].sort((a, b) => PORTAL_PERMISSIONS.indexOf(a) - PORTAL_PERMISSIONS.indexOf(b)),
    );
    expect(permissionsOf([])).toEqual([]);
  });
});

describe("the portal's loaders", () => {
  it("show a member its business and the games per environment; refuse what the role may not see; 404 a stranger", async () => {
    const t = await tenant();
    await approveBusinessForLive(t.business.id); // the test is about something else: a live business is an approved one
    await createGame({ db }, { businessId: t.business.id, environment: "live", name: "Live game" });

    expect(await listPortalBusinesses({ db }, { player: t.viewer })).toEqual([
      {
        business: { id: t.business.id, name: t.business.name, environment: "test" },
        playerId: t.viewer.playerId,
        email: t.viewer.email,
        roles: ["viewer"],
        permissions: [...ROLE_PERMISSIONS.viewer],
      },
    ]);
    const overview = await loadPortalOverview(as(t.finance), { businessId: t.business.id, environment: "test" });
    expect(overview.counts).toEqual({ test: 1, live: 1 });
    expect(overview.games.map((g) => g.name)).toEqual(["Main game"]);
    expect((await loadPortalOverview(as(t.finance), { businessId: t.business.id, environment: "live" })).games.map((g) => g.name)).toEqual(["Live game"]);
    expect((await loadPortalGames(as(t.viewer), { businessId: t.business.id, environment: "test" })).games.map((g) => g.id)).toEqual([t.game.id]);
    expect((await loadPortalGame(as(t.finance), { businessId: t.business.id, gameId: t.game.id })).game).toMatchObject({
      gameId: t.game.id,
      name: "Main game",
      environment: "test",
    });

    const keys = await loadPortalKeys(as(t.viewer), { businessId: t.business.id, environment: "test" });
    expect(keys.games).toEqual([
      {
        id: t.game.id,
        name: "Main game",
        keys: [expect.objectContaining({ keyId: t.key.key.id, prefix: t.key.key.prefix, label: "seed", status: "active", lastUsedAt: null })],
      },
    ]);
    expect(JSON.stringify(keys)).not.toContain(t.key.rawKey);

    // finance may not see keys; a stranger and a signed-out visitor see nothing
    await expect(loadPortalKeys(as(t.finance), { businessId: t.business.id, environment: "test" })).rejects.toMatchObject({
      code: "PORTAL_ROLE_REQUIRED",
      status: 403,
    });
    await expect(loadPortalOverview(as(t.stranger), { businessId: t.business.id, environment: "test" })).rejects.toMatchObject({
      code: "BUSINESS_NOT_FOUND",
      status: 404,
    });
    await expect(loadPortalKeys(as(t.stranger), { businessId: t.business.id, environment: "test" })).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND" });
    await expect(loadPortalOverview(as(null), { businessId: t.business.id, environment: "test" })).rejects.toMatchObject({
      code: "ADMIN_SIGN_IN_REQUIRED",
      status: 401,
    });
    // another business's game through this business: 404
    await expect(loadPortalGame(as(t.admin), { businessId: t.business.id, gameId: t.otherGame.id })).rejects.toMatchObject({
      code: "GAME_NOT_FOUND",
      status: 404,
    });
    await expect(loadPortalOverview(as(t.admin), { businessId: "bad\u0000id", environment: "test" })).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND" });
  });

  it("see nothing for a player whose email is not verified yet", async () => {
    const business = await makeBusiness("test");
    const player = await makePlayer({ password: null });
    await db.businessMember.create({ data: { id: `m_${player.id}`, businessId: business.id, email: player.email, roles: ["admin"] } });
    const p = { playerId: player.id, email: player.email };
    expect(await listPortalBusinesses({ db }, { player: p })).toEqual([]);
    await expect(loadPortalOverview(as(p), { businessId: business.id, environment: "test" })).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND" });
  });
});

describe("create a game", () => {
  it("creates a test or live game for owners, admins and developers, through the game creation service", async () => {
    const t = await tenant();
    await approveBusinessForLive(t.business.id); // the test is about something else: a live business is an approved one
    const live = await createPortalGame(as(t.developer), { businessId: t.business.id, name: "  Space Race ", description: "Fast", environment: "live" });
    expect(live).toMatchObject({ name: "Space Race", description: "Fast", environment: "live", status: "approved", isVisible: true });
    const row = await db.game.findUniqueOrThrow({ where: { id: live.gameId } });
    expect(row).toMatchObject({ businessId: t.business.id, environment: "live" });
    expect(row.webhookSecret).toMatch(/\S{16,}/);
    expect((await createPortalGame(as(t.owner), { businessId: t.business.id, name: "Owned", description: "", environment: "test" })).environment).toBe("test");
    expect((await createPortalGame(as(t.admin), { businessId: t.business.id, name: "Admin's", description: "", environment: "test" })).name).toBe("Admin's");
  });

  it("refuses viewers and finance (403), strangers (404), nobody signed in (401) and a bad form (400 naming the field), creating nothing", async () => {
    const t = await tenant();
    const input = { businessId: t.business.id, name: "Nope", description: "", environment: "test" };
    await expect(createPortalGame(as(t.viewer), input)).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    await expect(createPortalGame(as(t.finance), input)).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED" });
    await expect(createPortalGame(as(t.stranger), input)).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(createPortalGame(as(null), input)).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    await expect(createPortalGame(as(t.admin), { ...input, name: "  " })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      status: 400,
      details: [{ field: "name", message: "must not be empty" }],
    });
    await expect(createPortalGame(as(t.admin), { ...input, environment: "staging" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "environment" }],
    });
    expect(await db.game.count({ where: { businessId: t.business.id } })).toBe(1);
  });
});

describe("edit a game's settings", () => {
  it("saves through PATCH /v1/game's service and validation; an empty field clears", async () => {
    const t = await tenant();
    const input = {
      businessId: t.business.id,
      gameId: t.game.id,
      storeUrl: "https://store.example/game",
      termsUrl: "",
      supportUrl: "mailto:help@example.com",
      taxLabel: "VAT",
      taxRatePercent: "20",
    };
    expect(await updatePortalGame(as(t.developer), input)).toMatchObject({
      storeUrl: "https://store.example/game",
      termsUrl: null,
      supportUrl: "mailto:help@example.com",
      taxLabel: "VAT",
      taxRatePercent: 20,
    });
    expect(await db.game.findUniqueOrThrow({ where: { id: t.game.id } })).toMatchObject({ storeUrl: "https://store.example/game", taxRateBps: 2000 });
    expect(await updatePortalGame(as(t.owner), { ...input, storeUrl: "", taxLabel: "", taxRatePercent: "" })).toMatchObject({
      storeUrl: null,
      taxLabel: null,
      taxRatePercent: null,
    });
    await expect(updatePortalGame(as(t.admin), { ...input, storeUrl: "javascript:alert(1)" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "storeUrl", message: "must be an http(s) URL" }],
    });
    await expect(updatePortalGame(as(t.admin), { ...input, taxRatePercent: "lots" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "taxRatePercent" }],
    });
  });

  it("refuses viewers and finance (403), strangers and another business's game (404), nothing changed", async () => {
    const t = await tenant();
    const input = {
      businessId: t.business.id,
      gameId: t.game.id,
      storeUrl: "https://evil.example",
      termsUrl: "",
      supportUrl: "",
      taxLabel: "",
      taxRatePercent: "",
    };
    await expect(updatePortalGame(as(t.viewer), input)).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    await expect(updatePortalGame(as(t.finance), input)).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED" });
    await expect(updatePortalGame(as(t.stranger), input)).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(updatePortalGame(as(null), input)).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED" });
    await expect(updatePortalGame(as(t.admin), { ...input, gameId: t.otherGame.id })).rejects.toMatchObject({ code: "GAME_NOT_FOUND", status: 404 });
    expect((await db.game.findUniqueOrThrow({ where: { id: t.game.id } })).storeUrl).toBeNull();
    expect((await db.game.findUniqueOrThrow({ where: { id: t.otherGame.id } })).storeUrl).toBeNull();
  });
});

describe("API keys", () => {
  it("creates a server key shown once (only its hash stored) that authenticates GET /v1/game, renames it and revokes it (then 401)", async () => {
    const t = await tenant();
    const made = await createGameKey(as(t.developer), { businessId: t.business.id, gameId: t.game.id, label: " CI server " });
    expect(made).toMatchObject({ label: "CI server", gameId: t.game.id });
    expect(made.rawKey).toMatch(/^service_server_test_[0-9a-f]{48}$/);
    expect(made.prefix).toBe(made.rawKey.slice(0, "service_server_test_".length + 4));
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: made.keyId } });
    expect(row).toMatchObject({ kind: "server", environment: "test", gameId: t.game.id, hash: hashKey(made.rawKey), status: "active" });
    expect(JSON.stringify(row)).not.toContain(made.rawKey);

    const ok = await gameCall(t.game.id, made.rawKey);
    expect([ok.status, ok.body.gameId]).toEqual([200, t.game.id]);
    const listed = await loadPortalKeys(as(t.viewer), { businessId: t.business.id, environment: "test" });
    const shown = listed.games[0]!.keys.find((k) => k.keyId === made.keyId)!;
    expect(shown.lastUsedAt).toBeInstanceOf(Date);

    expect(await labelGameKey(as(t.admin), { businessId: t.business.id, keyId: made.keyId, label: "Build server" })).toEqual({
      keyId: made.keyId,
      label: "Build server",
    });
    await expect(labelGameKey(as(t.admin), { businessId: t.business.id, keyId: made.keyId, label: "" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "label" }],
    });

    const revoked = await revokeGameKey(as(t.owner), { businessId: t.business.id, keyId: made.keyId });
    expect(revoked.keyId).toBe(made.keyId);
    const after = await gameCall(t.game.id, made.rawKey);
    expect([after.status, after.body.code]).toEqual([401, "UNAUTHORIZED"]);
    await expect(revokeGameKey(as(t.owner), { businessId: t.business.id, keyId: made.keyId })).rejects.toMatchObject({ code: "API_KEY_REVOKED", status: 409 });
    expect(
      (await loadPortalKeys(as(t.viewer), { businessId: t.business.id, environment: "test" })).games[0]!.keys.find((k) => k.keyId === made.keyId)!.status,
    ).toBe("revoked");
  });

  it("rotates with a grace period: both keys work, the old one until its end; a key rotates once", async () => {
    const t = await tenant();
    const before = Date.now();
    const rotated = await rotateGameKey(as(t.developer), { businessId: t.business.id, keyId: t.key.key.id, gracePeriodDays: "2" });
    expect(rotated).toMatchObject({ label: "seed", gameId: t.game.id, oldKeyId: t.key.key.id });
    expect(rotated.rawKey).toMatch(/^service_server_test_/);
    expect(rotated.oldKeyExpiresAt.getTime() - before).toBeGreaterThanOrEqual(2 * 86_400_000 - 1000);
    expect(rotated.oldKeyExpiresAt.getTime() - before).toBeLessThan(2 * 86_400_000 + 60_000);
    expect((await gameCall(t.game.id, t.key.rawKey)).status).toBe(200);
    expect((await gameCall(t.game.id, rotated.rawKey)).status).toBe(200);
    const keys = (await loadPortalKeys(as(t.admin), { businessId: t.business.id, environment: "test" })).games[0]!.keys;
    expect(keys.map((k) => [k.keyId, k.status])).toEqual([
      [rotated.keyId, "active"],
      [t.key.key.id, "rotating"],
    ]);
    await expect(rotateGameKey(as(t.developer), { businessId: t.business.id, keyId: t.key.key.id, gracePeriodDays: "7" })).rejects.toMatchObject({
      code: "API_KEY_ALREADY_ROTATED",
      status: 409,
    });
    await expect(rotateGameKey(as(t.developer), { businessId: t.business.id, keyId: rotated.keyId, gracePeriodDays: "31" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "gracePeriodDays", message: "must be at most 30" }],
    });
    // an empty grace period is the API's default, 7 days
    const again = await rotateGameKey(as(t.developer), { businessId: t.business.id, keyId: rotated.keyId, gracePeriodDays: "" });
    expect(Math.round((again.oldKeyExpiresAt.getTime() - Date.now()) / 86_400_000)).toBe(7);
    expect(await db.apiKey.count({ where: { gameId: t.game.id } })).toBe(3);
  });

  it("refuses every key action to viewers and finance (403), strangers (404), nobody (401), and another business's game or key (404), nothing changed", async () => {
    const t = await tenant();
    const b = t.business.id;
    const actions = {
      create: (ctx: PortalContext) => createGameKey(ctx, { businessId: b, gameId: t.game.id, label: "x" }),
      label: (ctx: PortalContext) => labelGameKey(ctx, { businessId: b, keyId: t.key.key.id, label: "x" }),
      rotate: (ctx: PortalContext) => rotateGameKey(ctx, { businessId: b, keyId: t.key.key.id, gracePeriodDays: "1" }),
      revoke: (ctx: PortalContext) => revokeGameKey(ctx, { businessId: b, keyId: t.key.key.id }),
    };
    await expectRefusedToReaders(t, actions);
    // this business's admin, aiming at the other business's game or key through this business
    await expect(createGameKey(as(t.admin), { businessId: b, gameId: t.otherGame.id, label: "x" })).rejects.toMatchObject({
      code: "GAME_NOT_FOUND",
      status: 404,
    });
    await expect(labelGameKey(as(t.admin), { businessId: b, keyId: t.otherKey.key.id, label: "x" })).rejects.toMatchObject({
      code: "API_KEY_NOT_FOUND",
      status: 404,
    });
    await expect(rotateGameKey(as(t.admin), { businessId: b, keyId: t.otherKey.key.id, gracePeriodDays: "1" })).rejects.toMatchObject({
      code: "API_KEY_NOT_FOUND",
    });
    await expect(revokeGameKey(as(t.admin), { businessId: b, keyId: t.otherKey.key.id })).rejects.toMatchObject({ code: "API_KEY_NOT_FOUND" });

    const rows = await db.apiKey.findMany({ where: { gameId: { in: [t.game.id, t.otherGame.id] } } });
    expect(rows.map((k) => [k.label, k.status, k.replacedByKeyId, k.expiresAt])).toEqual(
      expect.arrayContaining([
        ["seed", "active", null, null],
        ["theirs", "active", null, null],
      ]),
    );
    expect(rows).toHaveLength(2);
  });
});

describe("the seed's developer login", () => {
  const developerWith = async (environment: "test" | "live") => {
    const email = `dev-${Math.random().toString(36).slice(2, 10)}@coinop.test`;
    const dev = await createDeveloperAccount({ db }, { email, name: "Dev", password: "seed-pass-123" });
    const business = await createBusiness({ db }, { name: `Studio ${email}`, environment, ownerId: dev.id });
    await addBusinessMember({ db }, { businessId: business.id, email, roles: ["admin"], isOwner: true });
    return { email, business };
  };

  it("makes the verified player of a test developer account, who then signs in and sees the business", async () => {
    const { email, business } = await developerWith("test");
    expect(await claimDeveloperLogin({ db }, { email: email.toUpperCase(), password: "seed-pass-123", ip: "203.0.113.7" })).toEqual({ email, created: true });
    const player = await db.player.findUniqueOrThrow({ where: { email } });
    expect(player.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await verifyPlayerPassword({ db }, { email, password: "seed-pass-123", ip: "203.0.113.7" })).id).toBe(player.id);
    expect(await listPortalBusinesses({ db }, { player: { playerId: player.id, email } })).toEqual([
      expect.objectContaining({ business: expect.objectContaining({ id: business.id }), roles: ["owner", "admin"] }),
    ]);
    // again: the player exists, nothing changes
    expect(await claimDeveloperLogin({ db }, { email, password: "seed-pass-123", ip: "203.0.113.7" })).toEqual({ email, created: false });
    expect((await db.player.findUniqueOrThrow({ where: { email } })).passwordHash).toBe(player.passwordHash);
  });

  it("refuses a wrong password, an unknown email and a developer account with a live business alike (401), making no player", async () => {
    const { email } = await developerWith("test");
    const live = await developerWith("live");
    for (const input of [
      { email, password: "wrong-pass-123" },
      { email: "nobody@coinop.test", password: "seed-pass-123" },
      { email: live.email, password: "seed-pass-123" },
    ])
      await expect(claimDeveloperLogin({ db }, { ...input, ip: "203.0.113.8" })).rejects.toMatchObject({
        code: "WRONG_CREDENTIALS",
        status: 401,
        message: "Wrong email or password.",
      });
    expect(await db.player.count({ where: { email: { in: [email, live.email, "nobody@coinop.test"] } } })).toBe(0);
  });
});

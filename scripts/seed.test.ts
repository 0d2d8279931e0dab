// npm run seed, run as a real process against this file's database.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { getDb } from "../lib/db/client.ts";
import { hashKey } from "../lib/tenants/keys.ts";
import { ALL_SCOPES, BUSINESS_SCOPES } from "../lib/platform/scopes.ts";
import { call } from "../tests/support/http.ts";
import { GET as getGame } from "../app/api/v1/game/route.ts";

const run = promisify(execFile);

const seed = async (...args: string[]) => {
  const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "scripts/seed.ts", ...args], {
    env: { ...process.env, APP_URL: "http://localhost:4321" },
    timeout: 60_000,
  });
  return { stdout, stderr };
};

describe("npm run seed", () => {
  it("--json prints exactly one JSON object with working credentials", async () => {
    const { stdout } = await seed("--json");
    const out = JSON.parse(stdout); // throws if anything else is on stdout
    expect(Object.keys(out).sort()).toEqual(["baseUrl", "business", "campaign", "game", "platform", "portal"]);
    expect(out.baseUrl).toBe("http://localhost:4321");
    expect(out.game.serverKey).toMatch(/^service_server_test_[0-9a-f]{48}$/);
    expect(out.campaign.campaignKey).toMatch(/^service_campaign_test_[0-9a-f]{48}$/);
    expect(out.platform.platformKey).toMatch(/^service_platform_test_[0-9a-f]{48}$/);
    expect(out.game.webhookSecret).toMatch(/^whsec_/);
    expect(out.portal.email).toMatch(/@coinop\.test$/);

    const db = getDb();
    // Keys are stored only as hashes.
    const stored = await db.apiKey.findUnique({ where: { hash: hashKey(out.game.serverKey) } });
    expect(stored).toMatchObject({ kind: "server", environment: "test", gameId: out.game.gameId });
    expect(JSON.stringify(await db.apiKey.findMany())).not.toContain(out.game.serverKey);

    // The server key works against the API.
    const res = await call(getGame, { headers: { authorization: `Bearer ${out.game.serverKey}`, "x-game-id": out.game.gameId } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ gameId: out.game.gameId, environment: "test", isVisible: true, status: "approved" });
    expect(await db.virtualCurrency.count({ where: { gameId: out.game.gameId } })).toBe(0);

    // The campaign: created, 1,000 test USDC on the ledger, level_complete pays.
    const campaign = await db.campaign.findUniqueOrThrow({ where: { id: out.campaign.campaignId }, include: { events: true } });
    expect(campaign).toMatchObject({ status: "created", environment: "test", businessId: out.business.businessId });
    expect(campaign.events.length).toBeGreaterThanOrEqual(2);
    expect(campaign.events.find((e) => e.code === "level_complete")!.payoutMicros).toBeGreaterThan(0n);
    const account = await db.ledgerAccount.findFirstOrThrow({ where: { asset: "usdc", environment: "test", kind: "campaign", ownerRef: campaign.id } });
    expect(account.balance).toBe(1_000_000_000n);

    // The platform: every scope on the key, an active grant of every business scope.
    const platform = await db.platform.findUniqueOrThrow({ where: { id: out.platform.platformId } });
    expect(platform.status).toBe("active");
    expect([...platform.approvedScopes].sort()).toEqual([...ALL_SCOPES].sort());
    const pkey = await db.apiKey.findUniqueOrThrow({ where: { hash: hashKey(out.platform.platformKey) } });
    expect([...pkey.scopes].sort()).toEqual([...ALL_SCOPES].sort());
    const grant = await db.businessGrant.findFirstOrThrow({ where: { platformId: platform.id, businessId: out.business.businessId } });
    expect(grant.status).toBe("active");
    expect([...grant.grantedScopes].sort()).toEqual([...BUSINESS_SCOPES].sort());
  });

  it("every run creates new objects; --webhook-url sets the game, platform and campaign endpoints", async () => {
    const first = JSON.parse((await seed("--json")).stdout);
    const second = JSON.parse((await seed("--json", "--webhook-url", "http://127.0.0.1:9999/hooks")).stdout);
    expect(second.game.gameId).not.toBe(first.game.gameId);
    expect(second.business.businessId).not.toBe(first.business.businessId);
    const db = getDb();
    expect((await db.game.findUniqueOrThrow({ where: { id: second.game.gameId } })).webhookUrl).toBe("http://127.0.0.1:9999/hooks");
    expect((await db.platform.findUniqueOrThrow({ where: { id: second.platform.platformId } })).webhookUrl).toBe("http://127.0.0.1:9999/hooks");
    const campaign = await db.campaign.findUniqueOrThrow({ where: { id: second.campaign.campaignId } });
    expect(campaign.webhookUrl).toBe("http://127.0.0.1:9999/hooks");
    expect(second.campaign.webhookSecret).toBe(campaign.webhookSecret);
    // Campaign webhooks verify with the game's secret (the one test-mode.md prints).
    expect(second.campaign.webhookSecret).toBe(second.game.webhookSecret);
    expect((await db.game.findUniqueOrThrow({ where: { id: first.game.gameId } })).webhookUrl).toBeNull();
  });

  it("without --json prints readable credentials and a first curl call", async () => {
    const { stdout } = await seed();
    expect(stdout).toMatch(/server key\s+service_server_test_/);
    expect(stdout).toContain("curl -s http://localhost:4321/api/v1/game");
  });

  it("rejects a bad --webhook-url with a clear message", async () => {
    await expect(seed("--webhook-url", "not-a-url")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--webhook-url must be an http\(s\) URL/),
    });
  });
});

// Through npm itself, on the embedded PostgreSQL (no DATABASE_URL): the exit status a shell or CI sees.
describe("npm run seed exits non-zero on bad input, on the embedded database", () => {
  const npmSeed = (...args: string[]) =>
    run("npm", ["run", "--silent", "seed", "--", ...args], {
      env: { ...process.env, DATABASE_URL: "", EMBEDDED_PG_PORT: "54338", EMBEDDED_PG_DIR: ".data/test-seed-exit" },
      timeout: 60_000,
    });

  it("an unknown option: exit 2 with the usage, no stack trace", async () => {
    const err = await npmSeed("--bogus").then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(err?.code).toBe(2);
    expect(err?.stderr).toContain("Unknown option '--bogus'");
    expect(err?.stderr).toContain("usage: npm run seed");
    expect(err?.stderr).not.toMatch(/\n\s+at /);
  });

  it("a bad --webhook-url: exit 2", async () => {
    await expect(npmSeed("--webhook-url", "ftp://example.com")).rejects.toMatchObject({ code: 2, stdout: "" });
  });
});

// The portal's Overview on a real streaming replica for a business that has a virtual currency: its loader stores
// closed hours and past days of VC figures the first time they are viewed (lib/portal/read-vc-daily-figures.ts), and
// the page reads on the replica (reads: "replica"). The first version stored them there too, and the INSERT failed
// ("cannot execute INSERT in a read-only transaction", 25006): a 500 for every member who had not just written
// (found by npm run bench:replica). On a standby the loader now stores nothing and sums the rest from the journals.
// Same set-up as portal-replica.test.ts.
import "@/tests/support/serve-auth";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { closeDb, getDb } from "@/lib/db/client";
import { startEmbeddedPostgres, type EmbeddedHandle } from "@/lib/db/embedded";
import { startEmbeddedReplica, type ReplicaHandle } from "@/lib/db/embedded-replica";
import { migrateDeploy } from "@/lib/db/migrate";
import { closeReplicas, parseLsn, replicaStats, resetReplicaStats } from "@/lib/db/replica";
import { installJobSchema } from "@/lib/jobs/schema";
import { freePort } from "@/tests/support/net";
import { makePortalTenant, renderPortalPage, servePortalAuth } from "@/tests/support/portal";
import OverviewPage from "./[businessId]/page";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} }),
}));

let primary: EmbeddedHandle;
let replica: ReplicaHandle;
let replicaAdmin: pg.Client;
let primaryAdmin: pg.Client;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "coinop-portal-replica-overview-"));
fs.chmodSync(dir, 0o755); // the servers run as the postgres user when the tests run as root
const before = { DATABASE_URL: process.env.DATABASE_URL, DATABASE_REPLICA_URL: process.env.DATABASE_REPLICA_URL };

const onReplica = async (sql: string) => (await replicaAdmin.query(sql)).rows;
const caughtUp = async () => {
  const [{ lsn }] = (await primaryAdmin.query("SELECT pg_current_wal_lsn()::text AS lsn")).rows;
  for (const until = Date.now() + 20_000; ; await new Promise((r) => setTimeout(r, 50))) {
    const [{ lsn: replayed }] = await onReplica("SELECT pg_last_wal_replay_lsn()::text AS lsn");
    if (parseLsn(replayed) >= parseLsn(lsn)) return;
    if (Date.now() > until) throw new Error("the replica did not catch up within 20 s");
  }
};

// registered before servePortalAuth's: the auth route's server reads the primary set here
beforeAll(async () => {
  primary = await startEmbeddedPostgres({ dataDir: path.join(dir, "primary"), port: await freePort(), database: "coinop", log: () => undefined });
  await migrateDeploy(primary.url);
  await installJobSchema(primary.url);
  replica = await startEmbeddedReplica({
    primaryAdminUrl: primary.adminUrl,
    primaryDataDir: path.join(dir, "primary"),
    replicaDir: path.join(dir, "replica"),
    port: await freePort(),
    database: "coinop",
  });
  replicaAdmin = new pg.Client({ connectionString: replica.url });
  await replicaAdmin.connect();
  primaryAdmin = new pg.Client({ connectionString: primary.url });
  await primaryAdmin.connect();
  await closeDb();
  process.env.DATABASE_URL = primary.url;
  process.env.DATABASE_REPLICA_URL = replica.url;
}, 180_000);

const auth = servePortalAuth(authRoute);

afterAll(async () => {
  await replicaAdmin?.end().catch(() => undefined);
  await primaryAdmin?.end().catch(() => undefined);
  await closeReplicas();
  await closeDb();
  process.env.DATABASE_URL = before.DATABASE_URL;
  if (before.DATABASE_REPLICA_URL === undefined) delete process.env.DATABASE_REPLICA_URL;
  else process.env.DATABASE_REPLICA_URL = before.DATABASE_REPLICA_URL;
  await replica?.stop();
  await primary?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** The Overview's count of test games (its `count-test` figure). */
const testGames = (html: string) => Number(/data-testid="count-test"[^>]*>(\d+)</.exec(html)?.[1]);

describe("the portal's Overview on a streaming replica, for a business with a currency", () => {
  it("renders on the replica the first time its past days are viewed (no write on the replica)", async () => {
    const t = await makePortalTenant();
    const { viewer } = await auth.signInMembers({ viewer: t.viewer });
    await getDb().virtualCurrency.create({ data: { id: `vc_${randomUUID()}`, gameId: t.game.id, environment: "test", code: "GEMS", name: "Gems" } });
    await caughtUp();
    // no figure stored yet for this game's days
    expect(await onReplica(`SELECT count(*)::int AS n FROM "PortalDailyFigure" WHERE "tenantId" = '${t.game.id}'`)).toEqual([{ n: 0 }]);

    resetReplicaStats();
    const html = await renderPortalPage(viewer, OverviewPage, { businessId: t.business.id });
    expect(testGames(html)).toBe(1);
    expect(replicaStats()).toMatchObject({ replicaReads: 1, primaryReads: 0, replicaErrors: 0 });
  });
});

// An embedded primary of a test file's own and a real streaming replica of it (lib/db/embedded-replica.ts), with
// DATABASE_URL and DATABASE_REPLICA_URL pointing at them for the file's duration (restored after). Call it at the top
// level of the file, before anything whose beforeAll reads DATABASE_URL (servePortalAuth). Used by lib/db/replica.test.ts
// (which also stops the replica midway: stopReplica) and the portal's replica tests.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { closeDb } from "@/lib/db/client";
import { startEmbeddedPostgres, type EmbeddedHandle } from "@/lib/db/embedded";
import { startEmbeddedReplica, type ReplicaHandle } from "@/lib/db/embedded-replica";
import { migrateDeploy } from "@/lib/db/migrate";
import { closeReplicas, parseLsn } from "@/lib/db/replica";
import { installJobSchema } from "@/lib/jobs/schema";
import { freePort } from "@/tests/support/net";

export const useReplicaPair = (name: string) => {
  let primary: EmbeddedHandle;
  let replica: ReplicaHandle;
  let replicaAdmin: pg.Client;
  let primaryAdmin: pg.Client;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `coinop-${name}-`));
  fs.chmodSync(dir, 0o755); // the servers run as the postgres user when the tests run as root
  const before = { DATABASE_URL: process.env.DATABASE_URL, DATABASE_REPLICA_URL: process.env.DATABASE_REPLICA_URL };

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

  /** Rows of `sql` run on the replica (as its superuser). */
  const onReplica = async (sql: string, values: unknown[] = []) => (await replicaAdmin.query(sql, values)).rows;
  /** Waits (20 s at most) until the replica has replayed everything the primary has written so far. */
  const caughtUp = async () => {
    const [{ lsn }] = (await primaryAdmin.query("SELECT pg_current_wal_lsn()::text AS lsn")).rows;
    for (const until = Date.now() + 20_000; ; await new Promise((r) => setTimeout(r, 50))) {
      const [{ lsn: replayed }] = await onReplica("SELECT pg_last_wal_replay_lsn()::text AS lsn");
      if (parseLsn(replayed) >= parseLsn(lsn)) return;
      if (Date.now() > until) throw new Error("the replica did not catch up within 20 s");
    }
  };
  /** Stops the replica for good (the file's later tests then have none; its end tolerates a stopped replica). */
  const stopReplica = async () => {
    await replicaAdmin.end();
    await replica.stop();
  };
  return { onReplica, caughtUp, stopReplica };
};

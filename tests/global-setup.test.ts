// The run's per-file databases are dropped when `npm test` ends (tests/global-setup.ts). Each DROP DATABASE
// waits for a checkpoint; one after another they held the full suite open for a silent minute after its
// totals. Dropped on several connections at once, the drops share checkpoints: fewer checkpoints than
// databases. (Other runs on the same server may add checkpoints of their own, never remove ours.)
import { randomBytes } from "node:crypto";
import pg from "pg";
import { expect, inject, it } from "vitest";
import { dropRunDatabases } from "./global-setup.ts";

const COUNT = 32;

const requestedCheckpoints = async (c: pg.Client): Promise<number> => {
  // PostgreSQL 17 moved the counter to pg_stat_checkpointer
  const { rows: v } = await c.query("SELECT current_setting('server_version_num')::int AS v");
  const { rows } = await c.query(
    v[0].v >= 170000 ? "SELECT num_requested AS n FROM pg_stat_checkpointer" : "SELECT checkpoints_req AS n FROM pg_stat_bgwriter",
  );
  return Number(rows[0].n);
};

it("drops a run's databases together, sharing checkpoints, and leaves other runs' databases", async () => {
  const adminUrl = inject("adminUrl");
  const runId = randomBytes(4).toString("hex");
  const otherRun = randomBytes(4).toString("hex");
  const stamp = Math.floor(Date.now() / 1000);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const ours = Array.from({ length: COUNT }, (_, i) => `coinop_t_${stamp}_${runId}_${i}`);
    const theirs = `coinop_t_${stamp}_${otherRun}_0`;
    for (const name of [...ours, theirs]) await admin.query(`CREATE DATABASE "${name}"`);

    const before = await requestedCheckpoints(admin);
    // 8 connections, not the teardown's 32: this runs beside the other files' connection pools
    await dropRunDatabases({ adminUrl, runId, templateDb: "" }, 8);
    const checkpoints = (await requestedCheckpoints(admin)) - before;

    const { rows } = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname", [`coinop_t_${stamp}_%`]);
    expect(rows.map((r) => r.datname).filter((n: string) => n.includes(runId) || n.includes(otherRun))).toEqual([theirs]);
    // one by one: at least one checkpoint per database (32); together about one per 4 (plus other runs on the server)
    expect(checkpoints).toBeLessThan((COUNT * 3) / 4);
    await admin.query(`DROP DATABASE "${theirs}"`);
  } finally {
    await admin.end();
  }
}, 120_000);

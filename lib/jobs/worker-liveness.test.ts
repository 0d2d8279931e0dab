// A worker killed mid-job (SIGKILL) with real child processes (lib/ops/worker-process.fixture.ts: the `npm run
// worker` entry plus a slow task) against this file's database: a second, live worker unlocks the dead
// one's job within seconds (not graphile-worker's 4-hour lock timeout) and runs it to the end, once; a
// live worker's long job is never taken from it.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { enqueueJob } from "./enqueue.ts";
import { installJobSchema } from "./schema.ts";
import { LIVENESS_LOCK_CLASS, REAP_AFTER_SECONDS, REAP_INTERVAL_MS, reapDeadWorkers } from "./worker-liveness.ts";

beforeAll(async () => {
  await installJobSchema(process.env.DATABASE_URL!);
  await getDb().$executeRaw`CREATE TABLE ops_slow_done (id text PRIMARY KEY)`;
});

const children = new Set<ChildProcess>();
afterEach(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  children.clear();
});

const startWorkerProcess = () => {
  const child = spawn(process.execPath, ["--import", "tsx", "lib/ops/worker-process.fixture.ts"], { stdio: ["ignore", "pipe", "pipe"], env: process.env });
  children.add(child);
  let out = "";
  child.stdout!.on("data", (c) => (out += c));
  child.stderr!.on("data", (c) => (out += c));
  const waitFor = async (text: string, ms = 30_000) => {
    for (let t = 0; t < ms; t += 50) {
      if (out.includes(text)) return;
      if (child.exitCode !== null) throw new Error(`the worker exited before printing "${text}":\n${out}`);
      await sleep(50);
    }
    throw new Error(`the worker did not print "${text}":\n${out}`);
  };
  const exit = new Promise<void>((r) => child.on("exit", () => r()));
  return { child, waitFor, exit, output: () => out };
};

const done = async (id: string) => (await getDb().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM ops_slow_done WHERE id = ${id}`)[0].n;
const jobOf = async (id: string) =>
  (
    await getDb().$queryRaw<
      { locked_by: string | null; attempts: number }[]
    >`SELECT locked_by, attempts FROM graphile_worker._private_jobs WHERE payload->>'id' = ${id}`
  )[0];

describe("a worker killed mid-job", () => {
  it("a live worker unlocks its job within seconds and runs it to the end, once", async () => {
    const a = startWorkerProcess();
    await a.waitFor("[worker] running");
    const id = randomUUID();
    await enqueueJob(getDb(), "ops:slow", { id, ms: 60_000 });
    await a.waitFor(`started ${id}`);
    const lockedBy = (await jobOf(id)).locked_by;
    expect(lockedBy).toMatch(/^pool-/);
    // the live worker holds its liveness lock
    const [{ held }] = await getDb().$queryRaw<{ held: number }[]>`
      SELECT count(*)::int AS held FROM pg_locks WHERE locktype = 'advisory' AND classid = ${LIVENESS_LOCK_CLASS}::oid AND objsubid = 2 AND granted`;
    expect(held).toBeGreaterThanOrEqual(1);

    a.child.kill("SIGKILL");
    await a.exit;
    const killedAt = Date.now();
    expect((await jobOf(id)).locked_by).toBe(lockedBy); // still locked by the dead pool

    // the replacement runs the job with a short sleep: the payload is the same job, so make it quick
    await getDb().$executeRaw`UPDATE graphile_worker._private_jobs SET payload = jsonb_set(payload::jsonb, '{ms}', '100')::json WHERE payload->>'id' = ${id}`;
    const b = startWorkerProcess();
    await b.waitFor(`finished ${id}`, REAP_AFTER_SECONDS * 1000 + REAP_INTERVAL_MS + 10_000);
    const took = Date.now() - killedAt;
    expect(took).toBeLessThan(REAP_AFTER_SECONDS * 1000 + REAP_INTERVAL_MS + 5_000);
    expect(b.output()).toMatch(/unlocked the jobs of 1 dead worker/);
    expect(await done(id)).toBe(1);
    // completed: the job row is gone
    for (let i = 0; i < 40 && (await jobOf(id)); i++) await sleep(50);
    expect(await jobOf(id)).toBeUndefined();
  }, 60_000);

  it("never unlocks a live worker's job, however long it runs", async () => {
    const a = startWorkerProcess();
    await a.waitFor("[worker] running");
    const id = randomUUID();
    await enqueueJob(getDb(), "ops:slow", { id, ms: 60_000 });
    await a.waitFor(`started ${id}`);
    const lockedBy = (await jobOf(id)).locked_by;
    // pretend the job was locked long ago: past the grace period, the reaper checks the lock holder
    await getDb().$executeRaw`UPDATE graphile_worker._private_jobs SET locked_at = now() - interval '1 hour' WHERE payload->>'id' = ${id}`;
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    try {
      expect(await reapDeadWorkers(c)).toEqual([]);
      expect((await jobOf(id)).locked_by).toBe(lockedBy);
    } finally {
      await c.end();
    }
  }, 60_000);
});

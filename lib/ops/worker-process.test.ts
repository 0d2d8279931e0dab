// Graceful shutdown of the worker process, with a real child process (worker-process.fixture.ts, the
// `npm run worker` entry plus a slow task) against this file's database.
import { spawn, type ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import { installJobSchema } from "../jobs/schema.ts";
import { checkReadiness } from "./check-readiness.ts";

beforeAll(async () => {
  await installJobSchema(process.env.DATABASE_URL!);
  await getDb().$executeRaw`CREATE TABLE ops_slow_done (id text PRIMARY KEY)`;
});

type Worker = { child: ChildProcess; output: () => string; waitFor: (text: string) => Promise<void>; exit: Promise<{ code: number | null; at: number }> };

const children = new Set<ChildProcess>();
afterEach(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  children.clear();
});

const startWorkerProcess = (env: Record<string, string> = {}): Worker => {
  const child = spawn(process.execPath, ["--import", "tsx", "lib/ops/worker-process.fixture.ts"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  children.add(child);
  let out = "";
  child.stdout!.on("data", (c) => (out += c));
  child.stderr!.on("data", (c) => (out += c));
  const exit = new Promise<{ code: number | null; at: number }>((r) => child.on("exit", (code) => r({ code, at: Date.now() })));
  const waitFor = async (text: string) => {
    for (let t = 0; t < 30_000; t += 50) {
      if (out.includes(text)) return;
      if (child.exitCode !== null) throw new Error(`the worker exited before printing "${text}":\n${out}`);
      await sleep(50);
    }
    throw new Error(`the worker did not print "${text}":\n${out}`);
  };
  return { child, output: () => out, waitFor, exit };
};

const done = async (id: string) => (await getDb().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM ops_slow_done WHERE id = ${id}`)[0].n;

const jobOf = async (id: string) =>
  (
    await getDb().$queryRaw<{ attempts: number; locked_at: Date | null; last_error: string | null }[]>`
      SELECT attempts, locked_at, last_error FROM graphile_worker._private_jobs WHERE payload->>'id' = ${id}`
  )[0];

describe("worker process shutdown on SIGTERM", () => {
  it("lets a running job finish, leaves no job behind and exits 0 within the deadline", async () => {
    const w = startWorkerProcess({ WORKER_SHUTDOWN_DEADLINE_MS: "10000" });
    await w.waitFor("[worker] running");
    // a live worker makes the readiness check pass (its LISTEN follows the log line by a moment)
    let worker = (await checkReadiness({ db: getDb() })).checks.worker;
    for (let i = 0; i < 50 && worker !== "ok"; i++) worker = (await sleep(100), await checkReadiness({ db: getDb() })).checks.worker;
    expect(worker).toBe("ok");

    await enqueueJob(getDb(), "ops:slow", { id: "a", ms: 1500 });
    await w.waitFor("started a");
    const sent = Date.now();
    w.child.kill("SIGTERM");
    const { code, at } = await w.exit;

    expect(code, w.output()).toBe(0);
    expect(at - sent).toBeGreaterThanOrEqual(1000); // it waited for the job…
    expect(at - sent).toBeLessThan(10_000); // …within the deadline
    expect(w.output()).toContain("finished a");
    expect(await done("a")).toBe(1);
    expect(await jobOf("a"), w.output()).toBeUndefined(); // completed jobs are deleted
  }, 60_000);

  it("past the deadline unlocks the running job for an immediate retry and exits 1", async () => {
    const w = startWorkerProcess({ WORKER_SHUTDOWN_DEADLINE_MS: "500" });
    await w.waitFor("[worker] running");
    await enqueueJob(getDb(), "ops:slow", { id: "b", ms: 60_000 });
    await w.waitFor("started b");
    const sent = Date.now();
    w.child.kill("SIGTERM");
    const { code, at } = await w.exit;

    expect(code, w.output()).toBe(1);
    expect(at - sent).toBeLessThan(8_000);
    expect(await done("b")).toBe(0);
    const job = await jobOf("b");
    expect(job.attempts).toBe(1);
    expect(job.locked_at).toBeNull(); // unlocked: the next worker takes it, no 4-hour lock to wait out

    // and the next worker does run it to the end
    const next = startWorkerProcess({ WORKER_SHUTDOWN_DEADLINE_MS: "10000" });
    await getDb().$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now(), payload = '{"id":"b","ms":10}' WHERE payload->>'id' = 'b'`;
    await next.waitFor("finished b");
    next.child.kill("SIGTERM");
    expect((await next.exit).code).toBe(0);
    expect(await done("b")).toBe(1);
  }, 60_000);
});

// The Next.js instrumentation hook starts the in-process worker only in the Node.js runtime, with a
// database, and unless COINOP_IN_PROCESS_WORKER=0.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { getDb } from "./lib/db/client.ts";
import { newId } from "./lib/db/ids.ts";
import { enqueueJob } from "./lib/jobs/enqueue.ts";
import { stopWorker } from "./lib/jobs/start-worker.ts";
import { waitFor } from "./tests/support/webhook-receiver.ts";
import { register } from "./instrumentation.tsx";

const running = () => (globalThis as { __coinopWorker?: { worker?: Promise<unknown> } }).__coinopWorker?.worker;
const saved = { runtime: process.env.NEXT_RUNTIME, flag: process.env.COINOP_IN_PROCESS_WORKER };
const signals = ["SIGINT", "SIGTERM"] as const;
const listenersBefore = new Map(signals.map((s) => [s, process.listeners(s)]));

afterEach(() => {
  process.env.NEXT_RUNTIME = saved.runtime;
  process.env.COINOP_IN_PROCESS_WORKER = saved.flag;
  if (saved.runtime === undefined) delete process.env.NEXT_RUNTIME;
  if (saved.flag === undefined) delete process.env.COINOP_IN_PROCESS_WORKER;
});
afterAll(async () => {
  await stopWorker();
  // only the hook's own handlers, added in this test process
  for (const s of signals) for (const l of process.listeners(s)) if (!listenersBefore.get(s)!.includes(l)) process.off(s, l);
});

describe("register", () => {
  it("starts nothing in the edge runtime or when COINOP_IN_PROCESS_WORKER=0", async () => {
    process.env.NEXT_RUNTIME = "edge";
    await register();
    expect(running()).toBeUndefined();
    process.env.NEXT_RUNTIME = "nodejs";
    process.env.COINOP_IN_PROCESS_WORKER = "0";
    await register();
    expect(running()).toBeUndefined();
  });

  it("starts a worker in the Node.js runtime that runs queued jobs", async () => {
    process.env.NEXT_RUNTIME = "nodejs";
    delete process.env.COINOP_IN_PROCESS_WORKER;
    await register();
    expect(running()).toBeInstanceOf(Promise);
    const db = getDb();
    const id = newId();
    await db.idempotencyRecord.create({
      data: {
        id,
        scope: "server:x",
        key: id,
        requestHash: "h",
        responseStatus: 200,
        responseHeaders: {},
        responseBody: "{}",
        createdAt: new Date(Date.now() - 48 * 3600_000),
      },
    });
    await enqueueJob(db, "idempotency:prune", {});
    await waitFor(async () => (await db.idempotencyRecord.count({ where: { id } })) === 0, { what: "the job to run" });
  });
});

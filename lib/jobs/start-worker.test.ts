// The real graphile-worker runner, started as the app starts it, delivering outbox events to a real
// HTTP receiver.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import { makeGame } from "../../tests/support/fixtures.ts";
import { startReceiver, waitFor, type Receiver } from "../../tests/support/webhook-receiver.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { enqueueJob } from "./enqueue.ts";
import { startWorker, stopWorker } from "./start-worker.ts";
import { workerTasks } from "../flows/job-tasks.ts";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
  await startWorker({ connectionString: process.env.DATABASE_URL!, ...workerTasks(), concurrency: 4, pollInterval: 50 });
});
afterAll(async () => {
  await stopWorker();
  await receiver.close();
});

const emitIn = (tx: Parameters<typeof emitEvent>[0], gameId: string, objectId: string, data: Record<string, unknown>) =>
  emitEvent(tx, { owner: { type: "game", id: gameId }, environment: "test", event: "Thing.Updated", objectType: "thing", objectId, data });

const deliveredCount = async (eventIds: string[]) => getDb().webhookDelivery.count({ where: { eventId: { in: eventIds }, status: "succeeded" } });

const pendingDeliverJobs = async () => {
  const [{ n }] = await getDb().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'webhooks:deliver'`;
  return n;
};

describe("startWorker", () => {
  it("returns the same runner when called again in the process", async () => {
    const a = await startWorker({ connectionString: process.env.DATABASE_URL!, ...workerTasks() });
    const b = await startWorker({ connectionString: process.env.DATABASE_URL!, ...workerTasks() });
    expect(a).toBe(b);
  });

  it("delivers events emitted in a transaction: exact body, valid signature, increasing sequence per object", async () => {
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const ids = await inTransaction(getDb(), async (tx) => [
      await emitIn(tx, game.id, "A", { step: 1 }),
      await emitIn(tx, game.id, "B", { step: 1 }),
      await emitIn(tx, game.id, "A", { step: 2 }),
    ]);
    ids.push(await inTransaction(getDb(), (tx) => emitIn(tx, game.id, "A", { step: 3 })));
    await waitFor(async () => (await deliveredCount(ids)) === ids.length, { what: "4 deliveries" });

    const got = ids.map((id) => {
      const reqs = receiver.forEvent(id);
      expect(reqs).toHaveLength(1);
      return reqs[0];
    });
    for (const req of got) {
      // verified independently of lib/webhooks/sign.ts
      expect(req.headers["x-service-signature"]).toBe(createHmac("sha256", game.webhookSecret).update(req.rawBody).digest("hex"));
      const body = JSON.parse(req.rawBody);
      expect(Object.keys(body)).toEqual(["event", "data", "timestamp"]);
      expect(body.event).toBe("Thing.Updated");
      expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    }
    expect(got.map((r) => JSON.parse(r.rawBody).data)).toEqual([{ step: 1 }, { step: 1 }, { step: 2 }, { step: 3 }]);
    const seq = got.map((r) => Number(r.headers["x-service-sequence"]));
    expect([seq[0], seq[2], seq[3]]).toEqual([1, 2, 3]); // object A
    expect(seq[1]).toBe(1); // object B counts on its own
  });

  it("never delivers an event whose transaction rolled back", async () => {
    const { game } = await makeGame({ webhookUrl: receiver.url });
    let doomed = "";
    await expect(
      inTransaction(getDb(), async (tx) => {
        doomed = await emitIn(tx, game.id, "R", { doomed: true });
        throw new Error("business rule failed");
      }),
    ).rejects.toThrow("business rule failed");
    // An event committed after it is delivered; the queue is then drained.
    const later = await inTransaction(getDb(), (tx) => emitIn(tx, game.id, "R", { doomed: false }));
    await waitFor(async () => (await deliveredCount([later])) === 1, { what: "the later event" });
    await waitFor(async () => (await pendingDeliverJobs()) === 0, { what: "an empty queue" });

    expect(doomed).toMatch(/^[0-9a-f]{24}$/);
    expect(receiver.forEvent(doomed)).toHaveLength(0);
    expect(await getDb().webhookEvent.count({ where: { id: doomed } })).toBe(0);
    expect(receiver.requests.some((r) => JSON.parse(r.rawBody).data.doomed === true)).toBe(false);
    expect(receiver.forEvent(later)[0].headers["x-service-sequence"]).toBe("1"); // the rolled-back number is not used
  });

  it("delivers 50 events across 5 objects exactly once each", async () => {
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const ids: string[] = [];
    for (let batch = 0; batch < 5; batch++) {
      ids.push(
        ...(await inTransaction(getDb(), async (tx) => {
          const out: string[] = [];
          for (let i = 0; i < 10; i++) out.push(await emitIn(tx, game.id, `obj-${i % 5}`, { batch, i }));
          return out;
        })),
      );
    }
    await waitFor(async () => (await deliveredCount(ids)) === 50, { what: "50 deliveries", timeoutMs: 15_000 });
    await waitFor(async () => (await pendingDeliverJobs()) === 0, { what: "an empty queue" });

    const received = receiver.requests.map((r) => r.headers["x-service-event-id"] as string).filter((id) => ids.includes(id));
    expect(received).toHaveLength(50);
    expect(new Set(received).size).toBe(50);
    for (let o = 0; o < 5; o++) {
      const seqs = ids
        .filter((id) => JSON.parse(receiver.forEvent(id)[0].rawBody).data.i % 5 === o)
        .map((id) => Number(receiver.forEvent(id)[0].headers["x-service-sequence"]));
      expect(seqs).toEqual([...Array(10).keys()].map((k) => k + 1)); // emit order = sequence order
    }
    const attempts = await getDb().webhookAttempt.count({ where: { delivery: { eventId: { in: ids } } } });
    expect(attempts).toBe(50);
  });

  it("survives its database connections being cut and keeps delivering", async () => {
    const { game } = await makeGame({ webhookUrl: receiver.url });
    await getDb().$queryRaw`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`;
    const id = await waitFor(() => inTransaction(getDb(), (tx) => emitIn(tx, game.id, "C", { after: "cut" })).catch(() => undefined), {
      what: "the database again",
    });
    await waitFor(async () => (await deliveredCount([id])) === 1, { what: "delivery after the cut" });
    expect(receiver.forEvent(id)).toHaveLength(1);
  });

  it("runs idempotency:prune, removing records older than 24 h only", async () => {
    const db = getDb();
    const row = (createdAt: Date) => ({
      id: newId(),
      scope: "server:test",
      key: newId(),
      requestHash: "h",
      responseStatus: 200,
      responseHeaders: {},
      responseBody: "{}",
      createdAt,
    });
    const old = row(new Date(Date.now() - 25 * 3600_000));
    const fresh = row(new Date());
    await db.idempotencyRecord.createMany({ data: [old, fresh] });
    await enqueueJob(db, "idempotency:prune", {});
    await waitFor(async () => (await db.idempotencyRecord.count({ where: { id: old.id } })) === 0, { what: "the prune" });
    expect(await db.idempotencyRecord.count({ where: { id: fresh.id } })).toBe(1);
  });
});

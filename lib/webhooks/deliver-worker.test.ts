// Delivery through the real worker (lib/jobs/start-worker.ts, the real task list): a burst of events over a few
// objects, written in one transaction so every delivery's first job is queued at once. Each job follows its
// object's queue; the first jobs of the deliveries it took over find them done: every event arrives exactly
// once, each object's in sequence order, one attempt each, and no job of these deliveries is left behind.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { makeGame } from "../../tests/support/fixtures.ts";
import { useReceiver, waitFor } from "../../tests/support/webhook-receiver.ts";
import { workerTasks } from "../flows/job-tasks.ts";
import { startWorker, stopWorker } from "../jobs/start-worker.ts";
import { emitEvent } from "./emit-event.ts";

const receiver = useReceiver();
beforeAll(async () => {
  await startWorker({ connectionString: process.env.DATABASE_URL!, ...workerTasks(), concurrency: 4, pollInterval: 50 });
});
afterAll(async () => {
  await stopWorker();
});

const OBJECTS = ["a", "b", "c", "d", "e"];
const PER_OBJECT = 12;

describe("delivery through the worker", () => {
  it("delivers a burst once each, in per-object order, and leaves no job of its deliveries behind", async () => {
    const { game } = await makeGame({ webhookUrl: receiver.url });
    // interleaved (a1 b1 … e1 a2 …), as a busy game writes them, in one transaction
    const emitted = await inTransaction(getDb(), async (tx) => {
      const out: { id: string; objectId: string }[] = [];
      for (let n = 1; n <= PER_OBJECT; n++)
        for (const objectId of OBJECTS) {
          const id = await emitEvent(tx, {
            owner: { type: "game", id: game.id },
            environment: "test",
            event: "Thing.Happened",
            objectType: "thing",
            objectId: `${game.id}-${objectId}`,
            data: { objectId, n },
          });
          out.push({ id, objectId });
        }
      return out;
    });
    const ids = emitted.map((e) => e.id);
    const deliveries = await getDb().webhookDelivery.findMany({ where: { eventId: { in: ids } }, select: { id: true } });
    expect(deliveries).toHaveLength(ids.length);
    const deliveryIds = deliveries.map((d) => d.id);
    // every job of these deliveries, keyed (deliveryJobKey) or not (a first job)
    const jobsLeft = async () => {
      const [{ n }] = await getDb().$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'deliveryId' = ANY(${deliveryIds}::text[])`;
      return n;
    };
    await waitFor(
      async () => (await getDb().webhookDelivery.count({ where: { eventId: { in: ids }, status: "succeeded" } })) === ids.length && (await jobsLeft()) === 0,
      { what: "every delivery succeeded and its jobs gone", timeoutMs: 20_000 },
    );

    const got = receiver.requests.filter((r) => ids.includes(r.headers["x-service-event-id"] as string));
    expect(got.map((r) => r.headers["x-service-event-id"]).sort()).toEqual([...ids].sort());
    for (const objectId of OBJECTS) {
      const mine = got.filter((r) => (JSON.parse(r.rawBody) as { data: { objectId: string } }).data.objectId === objectId);
      expect(
        mine.map((r) => Number(r.headers["x-service-sequence"])),
        objectId,
      ).toEqual([...Array(PER_OBJECT).keys()].map((k) => k + 1));
    }
    expect(got.every((r) => r.headers["x-service-attempt"] === "1")).toBe(true);
    expect(await getDb().webhookAttempt.count({ where: { delivery: { eventId: { in: ids } } } })).toBe(ids.length);
    // nothing failed or was given up for retries on the way (graphile-worker keeps failed jobs)
    const [{ failed }] = await getDb().$queryRaw<{ failed: number }[]>`
      SELECT count(*)::int AS failed FROM graphile_worker.jobs WHERE task_identifier = 'webhooks:deliver' AND last_error IS NOT NULL`;
    expect(failed).toBe(0);
  });
});

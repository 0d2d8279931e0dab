// deliverWebhook with `follow` (the worker's task: a job goes on along its object's queue), called directly
// against a real HTTP receiver and PostgreSQL: order and exactly-once hold, two deliverers racing over the
// same deliveries send each event once, and a failing receiver still gets its retry on schedule.
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { makeGame } from "../../tests/support/fixtures.ts";
import { useReceiver, waitFor } from "../../tests/support/webhook-receiver.ts";
import { deliverWebhook, deliveryJobKey } from "./deliver.ts";
import { emitEvent } from "./emit-event.ts";

const receiver = useReceiver();

/** `count` events, object `objects[i % objects.length]` for the i-th, in one transaction; ids in emit order. */
const emitMany = (gameId: string, count: number, objects: string[]) =>
  inTransaction(getDb(), async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++)
      ids.push(
        await emitEvent(tx, {
          owner: { type: "game", id: gameId },
          environment: "test",
          event: "Thing.Happened",
          objectType: "thing",
          objectId: objects[i % objects.length],
          data: { i },
        }),
      );
    return ids;
  });

const deliveriesOf = async (eventIds: string[]) => {
  const rows = await getDb().webhookDelivery.findMany({ where: { eventId: { in: eventIds } }, include: { event: true, attemptLog: true } });
  return eventIds.map((id) => rows.find((r) => r.eventId === id)!);
};

/** The receiver's arrivals of these events: [event id, sequence] in arrival order. */
const arrivals = (eventIds: string[]) =>
  receiver.requests
    .filter((r) => eventIds.includes(r.headers["x-service-event-id"] as string))
    .map((r) => [r.headers["x-service-event-id"] as string, Number(r.headers["x-service-sequence"])] as const);

/** The keyed jobs of these deliveries: [key, run_at ms], by key. */
const keyedJobs = (deliveryIds: string[]) =>
  getDb().$queryRaw<{ key: string; run_at: Date }[]>`
      SELECT key, run_at FROM graphile_worker._private_jobs WHERE key = ANY(${deliveryIds.map(deliveryJobKey)}::text[]) ORDER BY key`.then((rows) =>
    rows.map((r) => [r.key, r.run_at.getTime()] as const),
  );

/** The keys of these deliveries' jobs. */
const jobKeys = async (deliveryIds: string[]) => (await keyedJobs(deliveryIds)).map(([key]) => key);

describe("deliverWebhook with follow", () => {
  it("goes on along the object's queue in sequence order, each event once, and leaves other objects alone", async () => {
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const ids = await emitMany(game.id, 24, ["a", "a", "b"]);
    const ofA = ids.filter((_, i) => i % 3 !== 2);
    const ofB = ids.filter((_, i) => i % 3 === 2);
    const [first] = await deliveriesOf(ofA);

    expect(await deliverWebhook(getDb(), first.id, { follow: true })).toBe("succeeded");

    expect(arrivals(ofA)).toEqual(ofA.map((id, k) => [id, k + 1]));
    expect(arrivals(ofB)).toEqual([]);
    const a = await deliveriesOf(ofA);
    expect(a.map((d) => [d.status, d.attempts, d.attemptLog.length])).toEqual(ofA.map(() => ["succeeded", 1, 1]));
    const b = await deliveriesOf(ofB);
    expect(b.map((d) => d.status)).toEqual(ofB.map(() => "pending"));
    // no keyed job is left for either object (first jobs have no key: deliver.ts, recheckInFlight)
    expect(await jobKeys([...a, ...b].map((d) => d.id))).toEqual([]);
    // the later deliveries' own (unkeyed) first jobs find them done: skipped, nothing sent again
    for (const d of a.slice(1)) expect(await deliverWebhook(getDb(), d.id, { follow: true })).toBe("skipped");
    expect(receiver.requests.filter((r) => ofA.includes(r.headers["x-service-event-id"] as string))).toHaveLength(ofA.length);
  });

  it("a later event's job meeting the earlier attempt in flight leaves it to the job making that attempt", async () => {
    receiver.reply(() => ({ status: 200, body: "ok", delayMs: 150 }));
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const ids = await emitMany(game.id, 2, ["p"]);
    const [d1, d2] = await deliveriesOf(ids);
    const due = d2.nextAttemptAt!.getTime();
    // the second one's job runs while the first one's attempt is in flight: it waits, writing nothing
    const first = deliverWebhook(getDb(), d1.id, { follow: true });
    await waitFor(async () => (await deliveriesOf([ids[0]]))[0].nextAttemptAt === null, { what: "the first attempt in flight" });
    expect(await deliverWebhook(getDb(), d2.id, { follow: true })).toBe("deferred");
    expect(await keyedJobs([d2.id])).toEqual([]);
    expect((await deliveriesOf([ids[1]]))[0]).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: new Date(due) });

    expect(await first).toBe("succeeded");
    expect(arrivals(ids)).toEqual([
      [ids[0], 1],
      [ids[1], 2],
    ]);
    expect((await deliveriesOf(ids)).map((d) => [d.status, d.attempts])).toEqual([
      ["succeeded", 1],
      ["succeeded", 1],
    ]);
    expect(await jobKeys([d1.id, d2.id])).toEqual([]);
  });

  it("a job that runs again after its worker died while following rechecks the attempt it had in flight", async () => {
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const ids = await emitMany(game.id, 3, ["k"]);
    const [d1, d2, d3] = await deliveriesOf(ids);
    // what the dead worker left: the first delivered, the second claimed by the follower (in flight), its jobs gone
    expect(await deliverWebhook(getDb(), d1.id)).toBe("succeeded");
    await getDb().$executeRaw`UPDATE "WebhookDelivery" SET attempts = 1, "nextAttemptAt" = NULL, "updatedAt" = now() WHERE id = ${d2.id}`;
    await getDb().$executeRaw`SELECT graphile_worker.remove_job(${deliveryJobKey(d2.id)})::text`;
    expect(await jobKeys([d2.id])).toEqual([]);

    // the job of the first runs again: nothing is sent now, the second gets a look once its attempt is stale
    expect(await deliverWebhook(getDb(), d1.id, { rerun: true, follow: true })).toBe("skipped");
    const [recheck] = await getDb().$queryRaw<{ run_at: Date }[]>`SELECT run_at FROM graphile_worker._private_jobs WHERE key = ${deliveryJobKey(d2.id)}`;
    expect(recheck.run_at.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(arrivals(ids)).toEqual([[ids[0], 1]]);

    // that look, once stale: taken over (attempt 2), and the queue goes on
    await getDb().$executeRaw`UPDATE "WebhookDelivery" SET "updatedAt" = now() - interval '2 minutes' WHERE id = ${d2.id}`;
    expect(await deliverWebhook(getDb(), d2.id, { follow: true })).toBe("succeeded");
    expect(arrivals(ids)).toEqual([
      [ids[0], 1],
      [ids[1], 2],
      [ids[2], 3],
    ]);
    expect((await deliveriesOf(ids)).map((d) => [d.id, d.status, d.attempts])).toEqual([
      [d1.id, "succeeded", 1],
      [d2.id, "succeeded", 2],
      [d3.id, "succeeded", 1],
    ]);
  });

  it("a job that runs again after its worker died between a delivery's end and the next one wakes the next", async () => {
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const ids = await emitMany(game.id, 2, ["w"]);
    const [d1, d2] = await deliveriesOf(ids);
    // the first delivered (its job died before going on); the second's own job already ran (it met the first in flight)
    expect(await deliverWebhook(getDb(), d1.id)).toBe("succeeded");
    await getDb().$executeRaw`SELECT graphile_worker.remove_job(${deliveryJobKey(d2.id)})::text`;
    expect(await jobKeys([d2.id])).toEqual([]);

    expect(await deliverWebhook(getDb(), d1.id, { rerun: true, follow: true })).toBe("skipped");
    const [wake] = await getDb().$queryRaw<{ run_at: Date }[]>`SELECT run_at FROM graphile_worker._private_jobs WHERE key = ${deliveryJobKey(d2.id)}`;
    expect(wake.run_at.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(await deliverWebhook(getDb(), d2.id, { follow: true })).toBe("succeeded");
    expect(arrivals(ids)).toEqual([
      [ids[0], 1],
      [ids[1], 2],
    ]);
  });

  it("sends each event once when two deliverers run over the same deliveries at once", async () => {
    receiver.reply(() => ({ status: 200, body: "ok", delayMs: 5 }));
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const objects = ["x", "y", "z"];
    const ids = await emitMany(game.id, 45, objects);
    const deliveries = await deliveriesOf(ids);
    // two workers taking every job, one from the front and one from the back, both following
    const run = async (order: typeof deliveries) => {
      const outcomes: string[] = [];
      for (const d of order) outcomes.push(await deliverWebhook(getDb(), d.id, { follow: true }));
      return outcomes;
    };
    const [front, back] = await Promise.all([run(deliveries), run([...deliveries].reverse())]);
    // whatever was put off behind an attempt in flight is taken by the job that follows the queue
    const outcomes = [...front, ...back];
    expect(outcomes.every((o) => ["succeeded", "skipped", "deferred"].includes(o))).toBe(true);

    const got = arrivals(ids);
    expect(got.map(([id]) => id).sort()).toEqual([...ids].sort());
    for (const k of objects.keys()) {
      const mine = ids.filter((_, i) => i % objects.length === k);
      expect(got.filter(([id]) => mine.includes(id))).toEqual(mine.map((id, n) => [id, n + 1]));
    }
    const after = await deliveriesOf(ids);
    expect(after.map((d) => [d.status, d.attempts, d.attemptLog.length])).toEqual(ids.map(() => ["succeeded", 1, 1]));
  });

  it("takes over a delivery that was put off behind an earlier one, and removes the job that put it off", async () => {
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const ids = await emitMany(game.id, 2, ["q"]);
    const [d1, d2] = await deliveriesOf(ids);
    // the first one not in flight (its job still queued): the second is put off, with a keyed job for later
    expect(await deliverWebhook(getDb(), d2.id, { follow: true })).toBe("deferred");
    const putOff = (await deliveriesOf([ids[1]]))[0].nextAttemptAt!.getTime();
    expect(putOff).toBeGreaterThan(Date.now() + 60_000);
    expect(await keyedJobs([d2.id])).toEqual([[deliveryJobKey(d2.id), putOff]]);

    expect(await deliverWebhook(getDb(), d1.id, { follow: true })).toBe("succeeded");
    expect(arrivals(ids)).toEqual([
      [ids[0], 1],
      [ids[1], 2],
    ]);
    // the put-off job went with the claim
    expect(await jobKeys([d1.id, d2.id])).toEqual([]);
  });

  it("stops at a failed attempt: the retry is scheduled, and the later events wait for it", async () => {
    receiver.reply(() => ({ status: 503, body: "down" }));
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const ids = await emitMany(game.id, 3, ["r"]);
    const [d1, d2] = await deliveriesOf(ids);
    const before = Date.now();
    expect(await deliverWebhook(getDb(), d1.id, { follow: true })).toBe("retrying");
    expect(arrivals(ids)).toEqual([[ids[0], 1]]);
    const [r1] = await deliveriesOf([ids[0]]);
    expect(r1).toMatchObject({ status: "retrying", attempts: 1 });
    expect(r1.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before + 10_000);
    const [job] = await getDb().$queryRaw<{ run_at: Date }[]>`SELECT run_at FROM graphile_worker._private_jobs WHERE key = ${deliveryJobKey(d1.id)}`;
    expect(job.run_at.getTime()).toBe(r1.nextAttemptAt!.getTime());
    // the second one's own job: put off behind the retrying first
    expect(await deliverWebhook(getDb(), d2.id, { follow: true })).toBe("deferred");
    expect(arrivals(ids)).toHaveLength(1);

    // the retry (its job, due) succeeds and goes on with the rest, in order
    receiver.reply(() => ({ status: 200, body: "ok" }));
    expect(await deliverWebhook(getDb(), d1.id, { follow: true })).toBe("succeeded");
    expect(arrivals(ids)).toEqual([
      [ids[0], 1],
      [ids[0], 1],
      [ids[1], 2],
      [ids[2], 3],
    ]);
    expect((await deliveriesOf(ids)).map((d) => [d.status, d.attempts])).toEqual([
      ["succeeded", 2],
      ["succeeded", 1],
      ["succeeded", 1],
    ]);
  });
});

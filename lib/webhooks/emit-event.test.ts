// The outbox write of one event: the event with its object's next sequence number, one delivery per endpoint
// that takes it (the primary first, then the others oldest first), and one graphile-worker job per delivery that
// will be attempted, all in the caller's transaction. Checked row by row against PostgreSQL.
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { makeGame } from "../../tests/support/fixtures.ts";
import { DISABLED_REASON } from "./create-delivery.ts";
import { createWebhookEndpoint } from "./create-webhook-endpoint.ts";
import { deleteWebhookEndpoint } from "./delete-webhook-endpoint.ts";
import { DELIVER_TASK } from "./delivery-job.ts";
import { emitEvent, type EmitInput } from "./emit-event.ts";
import { listOwnerEndpoints } from "./resolve-endpoint.ts";

const db = getDb();
const ctx = { db };

const input = (gameId: string, objectId: string, event = "Thing.Happened"): EmitInput => ({
  owner: { type: "game", id: gameId },
  environment: "test",
  event,
  objectType: "thing",
  objectId,
  data: { n: 1, note: "ü" },
});

/** The delivery jobs that point at these deliveries. */
const jobsFor = async (deliveryIds: string[]) =>
  db.$queryRaw<{ deliveryId: string; maxAttempts: number; key: string | null }[]>`
    SELECT j.payload->>'deliveryId' AS "deliveryId", j.max_attempts::int AS "maxAttempts", j.key
    FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = ${DELIVER_TASK} AND j.payload->>'deliveryId' = ANY(${deliveryIds}::text[])`;

const deliverJobCount = async () => {
  const [{ n }] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = ${DELIVER_TASK}`;
  return n;
};

describe("emitEvent", () => {
  it("writes the event, one delivery per endpoint that takes it (primary first, then oldest first) and a job for each one to attempt", async () => {
    const { game } = await makeGame({ webhookUrl: "http://127.0.0.1:9/primary" });
    const owner = { type: "game" as const, id: game.id };
    const all = await createWebhookEndpoint(ctx, { owner, url: "http://127.0.0.1:9/all" });
    const filtered = await createWebhookEndpoint(ctx, { owner, url: "http://127.0.0.1:9/other", eventTypes: ["Other.Event"] });
    const takes = await createWebhookEndpoint(ctx, { owner, url: "http://127.0.0.1:9/takes", eventTypes: ["Thing.Happened"] });
    const disabled = await createWebhookEndpoint(ctx, { owner, url: "http://127.0.0.1:9/disabled" });
    await db.webhookEndpoint.update({ where: { id: disabled.endpoint.id }, data: { disabledAt: new Date() } });
    const deleted = await createWebhookEndpoint(ctx, { owner, url: "http://127.0.0.1:9/deleted" });
    await deleteWebhookEndpoint(ctx, { owner, endpointId: deleted.endpoint.id });

    expect((await listOwnerEndpoints({ db }, { owner })).map((e) => [e.url, e.primary, e.id])).toEqual([
      ["http://127.0.0.1:9/primary", true, null],
      ["http://127.0.0.1:9/all", false, all.endpoint.id],
      ["http://127.0.0.1:9/other", false, filtered.endpoint.id],
      ["http://127.0.0.1:9/takes", false, takes.endpoint.id],
      ["http://127.0.0.1:9/disabled", false, disabled.endpoint.id],
    ]);

    const eventId = await inTransaction(db, (tx) => emitEvent(tx, input(game.id, "o1")));

    const event = await db.webhookEvent.findUniqueOrThrow({ where: { id: eventId } });
    const payload = JSON.parse(event.payload) as { event: string; data: unknown; timestamp: string };
    expect(payload).toEqual({ event: "Thing.Happened", data: { n: 1, note: "ü" }, timestamp: expect.any(String) });
    expect(event).toMatchObject({
      ownerType: "game",
      ownerId: game.id,
      environment: "test",
      event: "Thing.Happened",
      objectType: "thing",
      objectId: "o1",
      sequence: 1,
    });
    expect(event.createdAt.toISOString()).toBe(payload.timestamp);

    const deliveries = await db.webhookDelivery.findMany({ where: { eventId } });
    const byUrl = new Map(deliveries.map((d) => [d.url, d]));
    expect([...byUrl.keys()].sort()).toEqual([
      "http://127.0.0.1:9/all",
      "http://127.0.0.1:9/disabled",
      "http://127.0.0.1:9/primary",
      "http://127.0.0.1:9/takes",
    ]);
    expect(byUrl.get("http://127.0.0.1:9/primary")).toMatchObject({ endpointId: null, status: "pending", attempts: 0, failureReason: null });
    expect(byUrl.get("http://127.0.0.1:9/all")).toMatchObject({ endpointId: all.endpoint.id, status: "pending" });
    expect(byUrl.get("http://127.0.0.1:9/takes")).toMatchObject({ endpointId: takes.endpoint.id, status: "pending" });
    expect(byUrl.get("http://127.0.0.1:9/disabled")).toMatchObject({
      endpointId: disabled.endpoint.id,
      status: "failed",
      failureReason: DISABLED_REASON,
      nextAttemptAt: null,
    });
    expect(deliveries.some((d) => d.endpointId === filtered.endpoint.id)).toBe(false);
    for (const d of deliveries.filter((x) => x.status === "pending")) {
      expect(d.nextAttemptAt).not.toBeNull();
      expect(Math.abs(d.nextAttemptAt!.getTime() - Date.now())).toBeLessThan(60_000);
    }

    const jobs = await jobsFor(deliveries.map((d) => d.id));
    const pendingIds = deliveries.filter((d) => d.status === "pending").map((d) => d.id);
    expect(jobs.map((j) => j.deliveryId).sort()).toEqual([...pendingIds].sort());
    expect(jobs.every((j) => j.maxAttempts === 25 && j.key === null)).toBe(true);

    // the next event of the same object takes the next number; another object starts at 1
    const second = await inTransaction(db, (tx) => emitEvent(tx, input(game.id, "o1")));
    const other = await inTransaction(db, (tx) => emitEvent(tx, input(game.id, "o2")));
    expect((await db.webhookEvent.findUniqueOrThrow({ where: { id: second } })).sequence).toBe(2);
    expect((await db.webhookEvent.findUniqueOrThrow({ where: { id: other } })).sequence).toBe(1);
  });

  it("writes nothing when its transaction rolls back: no event, no delivery, no job, no sequence number used", async () => {
    const { game } = await makeGame({ webhookUrl: "http://127.0.0.1:9/primary" });
    const jobsBefore = await deliverJobCount();
    let eventId = "";
    await expect(
      inTransaction(db, async (tx) => {
        eventId = await emitEvent(tx, input(game.id, "r1"));
        throw new Error("the caller's change failed");
      }),
    ).rejects.toThrow("the caller's change failed");
    expect(eventId).not.toBe("");
    expect(await db.webhookEvent.count({ where: { id: eventId } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { eventId } })).toBe(0);
    expect(await deliverJobCount()).toBe(jobsBefore);
    const next = await inTransaction(db, (tx) => emitEvent(tx, input(game.id, "r1")));
    expect((await db.webhookEvent.findUniqueOrThrow({ where: { id: next } })).sequence).toBe(1);
  });

  it("an owner without any endpoint gets the event and no delivery", async () => {
    const { game } = await makeGame();
    const eventId = await inTransaction(db, (tx) => emitEvent(tx, input(game.id, "n1")));
    expect(await db.webhookEvent.count({ where: { id: eventId } })).toBe(1);
    expect(await db.webhookDelivery.count({ where: { eventId } })).toBe(0);
  });
});

// deliverWebhook called directly (no worker running), against a real HTTP receiver and PostgreSQL.
import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { makeGame } from "../../tests/support/fixtures.ts";
import { closedPort, useReceiver } from "../../tests/support/webhook-receiver.ts";
import { deliverWebhook, deliveryJobKey } from "./deliver.ts";
import { emitEvent } from "./emit-event.ts";
import { listDeliveries } from "./list-deliveries.ts";
import { resendEvent } from "./resend-event.ts";
import { setWebhookEndpoint } from "./set-webhook-endpoint.ts";

const receiver = useReceiver();
afterEach(() => {
  delete process.env.WEBHOOK_TIMEOUT_MS;
});

const emit = (gameId: string, { objectId = "o1", data = { n: 1 } as Record<string, unknown> } = {}) =>
  inTransaction(getDb(), (tx) =>
    emitEvent(tx, { owner: { type: "game", id: gameId }, environment: "test", event: "Thing.Happened", objectType: "thing", objectId, data }),
  );

const deliveryOf = async (eventId: string) =>
  getDb().webhookDelivery.findFirstOrThrow({ where: { eventId }, include: { attemptLog: { orderBy: { attempt: "asc" } } } });

const jobsFor = (deliveryId: string) =>
  getDb().$queryRaw<{ run_at: Date; key: string | null }[]>`
    SELECT j.run_at, j.key FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'webhooks:deliver' AND j.payload->>'deliveryId' = ${deliveryId}`;

describe("deliverWebhook", () => {
  it("POSTs the stored payload with the headers, signed with the owner's current secret", async () => {
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const eventId = await emit(game.id, { data: { amount: 500, note: "é" } });
    const { secret } = await setWebhookEndpoint({ db: getDb() }, { owner: { type: "game", id: game.id }, url: receiver.url, rotateSecret: true });
    expect(secret).not.toBe(game.webhookSecret);
    const delivery = await deliveryOf(eventId);
    expect(await deliverWebhook(getDb(), delivery.id)).toBe("succeeded");

    const [req] = receiver.forEvent(eventId);
    const event = await getDb().webhookEvent.findUniqueOrThrow({ where: { id: eventId } });
    expect(req.rawBody).toBe(event.payload);
    expect(JSON.parse(req.rawBody)).toEqual({ event: "Thing.Happened", data: { amount: 500, note: "é" }, timestamp: event.createdAt.toISOString() });
    expect(req.headers["x-service-signature"]).toBe(createHmac("sha256", secret!).update(req.rawBody).digest("hex"));
    expect(req.headers).toMatchObject({
      "content-type": "application/json",
      "x-service-event": "Thing.Happened",
      "x-service-event-id": eventId,
      "x-service-delivery-id": delivery.id,
      "x-service-sequence": String(event.sequence),
      "x-service-attempt": "1",
    });
    expect(Number(req.headers["x-service-timestamp"])).toBeGreaterThan(1_700_000_000);
    // the addition: the attempt's time signed together with the body
    const t = req.headers["x-service-timestamp"];
    // (the endpoint was set up with rotateSecret: the previous secret's v1 follows the current one's)
    const v1 = createHmac("sha256", secret!).update(`${t}.${req.rawBody}`).digest("hex");
    expect(req.headers["x-service-timestamped-signature"]).toMatch(new RegExp(`^t=${t},v1=${v1}(,v1=[0-9a-f]{64})?$`));

    const after = await deliveryOf(eventId);
    expect(after).toMatchObject({ status: "succeeded", attempts: 1, nextAttemptAt: null });
    expect(after.deliveredAt).toBeInstanceOf(Date);
    expect(after.attemptLog).toHaveLength(1);
    // a loopback receiver (test mode) answered: its body is not stored (post-webhook.ts)
    expect(after.attemptLog[0]).toMatchObject({ attempt: 1, statusCode: 200, responseExcerpt: null, error: null });
  });

  it("records a failed status (no excerpt from a loopback receiver) and schedules the next attempt as a job", async () => {
    receiver.reply(() => ({ status: 503, body: "x".repeat(2000) }));
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const delivery = await deliveryOf(await emit(game.id));
    const before = Date.now();
    expect(await deliverWebhook(getDb(), delivery.id)).toBe("retrying");

    const after = await deliveryOf(delivery.eventId);
    expect(after).toMatchObject({ status: "retrying", attempts: 1, deliveredAt: null });
    expect(after.attemptLog[0]).toMatchObject({ attempt: 1, statusCode: 503, responseExcerpt: null, error: null });
    const due = after.nextAttemptAt!.getTime();
    expect(due).toBeGreaterThanOrEqual(before + 10_000);
    expect(due).toBeLessThanOrEqual(Date.now() + 10_000);
    const keyed = (await jobsFor(delivery.id)).filter((j) => j.key === deliveryJobKey(delivery.id));
    expect(keyed).toHaveLength(1);
    expect(keyed[0].run_at.getTime()).toBe(due);
  });

  it("a failed attempt starts the endpoint's failure streak, and a success ends it (with its warning)", async () => {
    receiver.reply(() => ({ status: 503, body: "down" }));
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const delivery = await deliveryOf(await emit(game.id));
    expect(await deliverWebhook(getDb(), delivery.id)).toBe("retrying");
    const primaryOf = `game:${game.id}`;
    const failing = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { primaryOf } });
    expect(failing.failingSince).toBeInstanceOf(Date);
    const warnedAt = new Date();
    await getDb().webhookEndpoint.update({ where: { primaryOf }, data: { warnedAt } });

    const retry = (await jobsFor(delivery.id)).filter((j) => j.key);
    expect(retry.map((j) => j.key)).toEqual([deliveryJobKey(delivery.id)]);

    receiver.reply(() => ({ status: 200, body: "ok" }));
    expect(await deliverWebhook(getDb(), delivery.id)).toBe("succeeded");
    // the retry's job, still waiting (this direct call made the attempt before it), went with the end
    expect((await jobsFor(delivery.id)).filter((j) => j.key)).toEqual([]);
    const healed = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { primaryOf } });
    expect(healed).toMatchObject({ id: failing.id, failingSince: null, warnedAt: null, disabledAt: null });
    expect(healed.updatedAt.getTime()).toBeGreaterThanOrEqual(warnedAt.getTime());
  });

  it("records a refused connection as an error without a status code", async () => {
    const port = await closedPort();
    const { game } = await makeGame({ webhookUrl: `http://127.0.0.1:${port}/hooks` });
    const delivery = await deliveryOf(await emit(game.id));
    expect(await deliverWebhook(getDb(), delivery.id)).toBe("retrying");
    const [attempt] = (await deliveryOf(delivery.eventId)).attemptLog;
    expect(attempt.statusCode).toBeNull();
    expect(attempt.error).toMatch(/ECONNREFUSED/);
  });

  it("gives up on a receiver slower than WEBHOOK_TIMEOUT_MS", async () => {
    process.env.WEBHOOK_TIMEOUT_MS = "150";
    receiver.reply(() => ({ status: 200, body: "late", delayMs: 3_000 }));
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const delivery = await deliveryOf(await emit(game.id));
    expect(await deliverWebhook(getDb(), delivery.id)).toBe("retrying");
    const [attempt] = (await deliveryOf(delivery.eventId)).attemptLog;
    expect(attempt).toMatchObject({ statusCode: null, error: "timed out after 150 ms" });
    expect(receiver.forEvent(delivery.eventId)).toHaveLength(1);
  });

  it("marks the delivery failed after the last scheduled attempt, with no further job", async () => {
    receiver.reply(() => ({ status: 500, body: "no" }));
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const delivery = await deliveryOf(await emit(game.id));
    await getDb().webhookDelivery.update({ where: { id: delivery.id }, data: { attempts: 13, status: "retrying" } });
    expect(await deliverWebhook(getDb(), delivery.id)).toBe("failed");
    const after = await deliveryOf(delivery.eventId);
    expect(after).toMatchObject({ status: "failed", attempts: 14, nextAttemptAt: null });
    expect(after.attemptLog.map((a) => [a.attempt, a.statusCode])).toEqual([[14, 500]]);
    // no keyed job added and none rescheduled
    expect((await jobsFor(delivery.id)).filter((j) => j.key)).toHaveLength(0);
  });

  it("fails the delivery when the owner no longer has an endpoint", async () => {
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const delivery = await deliveryOf(await emit(game.id));
    await setWebhookEndpoint({ db: getDb() }, { owner: { type: "game", id: game.id }, url: null });
    expect(await deliverWebhook(getDb(), delivery.id)).toBe("failed");
    const after = await deliveryOf(delivery.eventId);
    expect(after.status).toBe("failed");
    expect(after.attemptLog[0].error).toMatch(/no webhook endpoint/);
    expect(receiver.forEvent(delivery.eventId)).toHaveLength(0);
  });

  it("skips a delivery that already succeeded", async () => {
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const delivery = await deliveryOf(await emit(game.id));
    expect(await deliverWebhook(getDb(), delivery.id)).toBe("succeeded");
    expect(await deliverWebhook(getDb(), delivery.id)).toBe("skipped");
    expect(await deliverWebhook(getDb(), "000000000000000000000000")).toBe("skipped");
    expect(receiver.forEvent(delivery.eventId)).toHaveLength(1);
    expect((await deliveryOf(delivery.eventId)).attemptLog).toHaveLength(1);
  });

  it("sends once when two workers run the same delivery at the same moment", async () => {
    receiver.reply(() => ({ status: 200, body: "ok", delayMs: 100 }));
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const delivery = await deliveryOf(await emit(game.id));
    const outcomes = await Promise.all([deliverWebhook(getDb(), delivery.id), deliverWebhook(getDb(), delivery.id), deliverWebhook(getDb(), delivery.id)]);
    // the two that lose the claim are first runs beside a live attempt: skipped (a rerun would look again, below)
    expect(outcomes.sort()).toEqual(["skipped", "skipped", "succeeded"]);
    expect(receiver.forEvent(delivery.eventId)).toHaveLength(1);
    expect((await deliveryOf(delivery.eventId)).attempts).toBe(1);
    expect((await jobsFor(delivery.id)).filter((j) => j.key)).toHaveLength(0);
  });

  it("leaves an attempt in flight alone, but takes over one abandoned by a dead worker", async () => {
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const delivery = await deliveryOf(await emit(game.id));
    // what a claim leaves behind: attempts counted, nextAttemptAt cleared
    await getDb().$executeRaw`UPDATE "WebhookDelivery" SET attempts = 1, "nextAttemptAt" = NULL, "updatedAt" = now() WHERE id = ${delivery.id}`;
    // not sent now; a job that runs again (its worker died mid-attempt) looks again once the attempt would be
    // stale: one keyed job, not one per look; a first run beside it is a duplicate, skipped
    expect(await deliverWebhook(getDb(), delivery.id, { rerun: true })).toBe("deferred");
    expect(await deliverWebhook(getDb(), delivery.id, { rerun: true })).toBe("deferred");
    expect(await deliverWebhook(getDb(), delivery.id)).toBe("skipped");
    const [recheck, ...more] = (await jobsFor(delivery.id)).filter((j) => j.key);
    expect([recheck.key, more]).toEqual([deliveryJobKey(delivery.id), []]);
    expect(recheck.run_at.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(receiver.forEvent(delivery.eventId)).toHaveLength(0);
    await getDb().$executeRaw`UPDATE "WebhookDelivery" SET "updatedAt" = now() - interval '2 minutes' WHERE id = ${delivery.id}`;
    expect(await deliverWebhook(getDb(), delivery.id)).toBe("succeeded");
    const sent = receiver.forEvent(delivery.eventId);
    expect(sent.map((r) => r.headers["x-service-attempt"])).toEqual(["2"]);
    expect((await deliveryOf(delivery.eventId)).attempts).toBe(2);
  });
});

describe("resendEvent and listDeliveries", () => {
  it("resends an event as a new delivery with the same payload, scoped to its owner", async () => {
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const other = await makeGame({ webhookUrl: receiver.url });
    const eventId = await emit(game.id);
    const first = await deliveryOf(eventId);
    await deliverWebhook(getDb(), first.id);

    const { deliveryId } = await resendEvent({ db: getDb() }, { owner: { type: "game", id: game.id }, eventId });
    expect(deliveryId).not.toBe(first.id);
    expect(await jobsFor(deliveryId)).toHaveLength(1);
    expect(await deliverWebhook(getDb(), deliveryId)).toBe("succeeded");
    const sent = receiver.forEvent(eventId);
    expect(sent.map((r) => r.headers["x-service-delivery-id"])).toEqual([first.id, deliveryId]);
    expect(sent[1].rawBody).toBe(sent[0].rawBody);

    await expect(resendEvent({ db: getDb() }, { owner: { type: "game", id: other.game.id }, eventId })).rejects.toMatchObject({
      code: "EVENT_NOT_FOUND",
      status: 404,
    });
    await setWebhookEndpoint({ db: getDb() }, { owner: { type: "game", id: game.id }, url: null });
    await expect(resendEvent({ db: getDb() }, { owner: { type: "game", id: game.id }, eventId })).rejects.toMatchObject({
      code: "WEBHOOK_ENDPOINT_NOT_SET",
      status: 409,
    });
    expect(await getDb().webhookDelivery.count({ where: { eventId } })).toBe(2);
  });

  it("lists an owner's deliveries newest first with their attempts, and nobody else's", async () => {
    receiver.reply((i) => ({ status: i % 2 ? 200 : 500 }));
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const other = await makeGame({ webhookUrl: receiver.url });
    const e1 = await emit(game.id, { objectId: "a" });
    const e2 = await emit(game.id, { objectId: "b" });
    await emit(other.game.id);
    for (const e of [e1, e2]) await deliverWebhook(getDb(), (await deliveryOf(e)).id);

    const page = await listDeliveries({ db: getDb() }, { owner: { type: "game", id: game.id } });
    expect(page.pagination).toMatchObject({ page: 1, totalCount: 2, hasNextPage: false });
    expect(page.deliveries.map((d) => d.event.id)).toEqual([e2, e1]);
    for (const d of page.deliveries) expect(d.attemptLog).toHaveLength(1);
    const failed = await listDeliveries({ db: getDb() }, { owner: { type: "game", id: game.id }, status: "retrying" });
    expect(failed.deliveries).toHaveLength(1);
    expect(failed.deliveries[0].attemptLog[0].statusCode).toBe(500);
    const one = await listDeliveries({ db: getDb() }, { owner: { type: "game", id: game.id }, eventId: e1, limit: 1 });
    expect(one.deliveries.map((d) => d.event.id)).toEqual([e1]);
  });
});

// Retries through the real worker: the schedule is shrunk with WEBHOOK_RETRY_SCALE so a day of
// retries takes about a second.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { makeGame } from "../../tests/support/fixtures.ts";
import { closedPort, startReceiver, waitFor, type Receiver } from "../../tests/support/webhook-receiver.ts";
import { startWorker, stopWorker } from "../jobs/start-worker.ts";
import { workerTasks } from "../flows/job-tasks.ts";
import { MAX_ATTEMPTS } from "./delivery-policy.ts";
import { emitEvent } from "./emit-event.ts";

const receivers: Receiver[] = [];
beforeAll(async () => {
  await startWorker({ connectionString: process.env.DATABASE_URL!, ...workerTasks(), concurrency: 4, pollInterval: 50 });
});
afterEach(() => {
  delete process.env.WEBHOOK_RETRY_SCALE;
  delete process.env.WEBHOOK_TIMEOUT_MS;
});
afterAll(async () => {
  await stopWorker();
  await Promise.all(receivers.map((r) => r.close()));
});

const receiverWith = async (...args: Parameters<typeof startReceiver>) => {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
};

const emit = (gameId: string) =>
  inTransaction(getDb(), (tx) =>
    emitEvent(tx, {
      owner: { type: "game", id: gameId },
      environment: "test",
      event: "Thing.Happened",
      objectType: "thing",
      objectId: "x",
      data: { ok: true },
    }),
  );

const deliveryOf = (eventId: string) =>
  getDb().webhookDelivery.findFirstOrThrow({ where: { eventId }, include: { attemptLog: { orderBy: { attempt: "asc" } } } });

const settled = (eventId: string) =>
  waitFor(
    async () => {
      const d = await deliveryOf(eventId);
      return d.status === "succeeded" || d.status === "failed" ? d : undefined;
    },
    { what: "a final delivery status", timeoutMs: 15_000 },
  );

describe("webhook retries", () => {
  it("retries after 500s and delivers on the first 200, recording every attempt", async () => {
    process.env.WEBHOOK_RETRY_SCALE = "0.0001";
    const receiver = await receiverWith({ respond: (_r, i) => (i < 3 ? { status: 500, body: `boom ${i}` } : { status: 200, body: "ok" }) });
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const eventId = await emit(game.id);
    const d = await settled(eventId);

    expect(d).toMatchObject({ status: "succeeded", attempts: 4, nextAttemptAt: null });
    expect(d.attemptLog.map((a) => [a.attempt, a.statusCode, a.responseExcerpt])).toEqual([
      // loopback receivers (test mode only) get no excerpt stored
      [1, 500, null],
      [2, 500, null],
      [3, 500, null],
      [4, 200, null],
    ]);
    const sent = receiver.forEvent(eventId);
    expect(sent.map((r) => r.headers["x-service-attempt"])).toEqual(["1", "2", "3", "4"]);
    expect(new Set(sent.map((r) => r.rawBody)).size).toBe(1); // the same bytes every time
  });

  it("keeps retrying while the receiver is down and delivers once it is up on the same port", async () => {
    process.env.WEBHOOK_RETRY_SCALE = "0.0001"; // attempts ~1 ms … ~4 s apart: ~14 s in all
    const port = await closedPort();
    const { game } = await makeGame({ webhookUrl: `http://127.0.0.1:${port}/hooks` });
    const eventId = await emit(game.id);
    await waitFor(async () => (await deliveryOf(eventId)).attempts >= 2, { what: "two refused attempts" });
    const receiver = await receiverWith({ port });
    const d = await settled(eventId);

    expect(d.status).toBe("succeeded");
    const refused = d.attemptLog.slice(0, -1);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    for (const a of refused) expect(a).toMatchObject({ statusCode: null, error: expect.stringMatching(/ECONNREFUSED/) });
    expect(d.attemptLog.at(-1)).toMatchObject({ attempt: d.attempts, statusCode: 200 });
    expect(receiver.forEvent(eventId)).toHaveLength(1);
  });

  it("times out a slow receiver and delivers on a later attempt", async () => {
    process.env.WEBHOOK_RETRY_SCALE = "0.0001";
    process.env.WEBHOOK_TIMEOUT_MS = "200";
    const receiver = await receiverWith({ respond: (_r, i) => (i === 0 ? { status: 200, body: "late", delayMs: 2_000 } : { status: 200, body: "ok" }) });
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const eventId = await emit(game.id);
    const d = await settled(eventId);

    expect(d.status).toBe("succeeded");
    expect(d.attemptLog.map((a) => [a.attempt, a.statusCode, a.error])).toEqual([
      [1, null, "timed out after 200 ms"],
      [2, 200, null],
    ]);
  });

  it("fails the delivery after the last scheduled attempt, with every attempt recorded", async () => {
    // the whole 75.6 h schedule in ~8 s; the endpoint is disabled only after 72 h (~7.8 s) of failures,
    // at the last attempt, so every attempt is made
    process.env.WEBHOOK_RETRY_SCALE = "0.00003";
    const receiver = await receiverWith({ respond: (_r, i) => ({ status: 502, body: `down ${i}` }) });
    const { game } = await makeGame({ webhookUrl: receiver.url });
    const eventId = await emit(game.id);
    const d = await settled(eventId);

    expect(d).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, nextAttemptAt: null, deliveredAt: null });
    expect(d.attemptLog.map((a) => a.attempt)).toEqual([...Array(MAX_ATTEMPTS).keys()].map((k) => k + 1));
    expect(d.attemptLog.every((a) => a.statusCode === 502)).toBe(true);
    expect(receiver.forEvent(eventId)).toHaveLength(MAX_ATTEMPTS);
  });
});

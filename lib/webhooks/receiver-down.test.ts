// Issue 16, scenario 4: a receiver down for days. Through the real worker, with the retry schedule shrunk
// by WEBHOOK_RETRY_SCALE (0.0001: 75 h become 27 s), a real node:http receiver is down while several retry
// steps pass, then comes back on the same port. Every event arrives, each object's events in sequence
// order, each with the signature of the endpoint's secret and its event id.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { makeGame } from "../../tests/support/fixtures.ts";
import { closedPort, startReceiver, waitFor, type Receiver } from "../../tests/support/webhook-receiver.ts";
import { workerTasks } from "../flows/job-tasks.ts";
import { startWorker, stopWorker } from "../jobs/start-worker.ts";
import { createWebhookEndpoint } from "./create-webhook-endpoint.ts";
import { emitEvent } from "./emit-event.ts";
import { verifySignature } from "./sign.ts";

let receiver: Receiver | null = null;
beforeAll(async () => {
  await startWorker({ connectionString: process.env.DATABASE_URL!, ...workerTasks(), concurrency: 4, pollInterval: 50 });
});
afterEach(() => {
  delete process.env.WEBHOOK_RETRY_SCALE;
});
afterAll(async () => {
  await stopWorker();
  await receiver?.close();
});

const OBJECTS = ["p1", "p2", "p3"];
const PER_OBJECT = 4;

describe("a receiver down for days", () => {
  it("gets every event once it is back, in per-object order, correctly signed", async () => {
    process.env.WEBHOOK_RETRY_SCALE = "0.0001";
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/hooks`;
    const { game } = await makeGame({ webhookUrl: url });
    const owner = { type: "game" as const, id: game.id };
    const second = await createWebhookEndpoint({ db: getDb() }, { owner, url: `${url}?second=1` });
    const db = getDb();

    // interleaved: p1#1 p2#1 p3#1 p1#2 …, one transaction per event
    const emitted: { id: string; objectId: string }[] = [];
    for (let n = 1; n <= PER_OBJECT; n++)
      for (const objectId of OBJECTS) {
        const id = await inTransaction(db, (tx) =>
          emitEvent(tx, {
            owner,
            environment: "test",
            event: "Purchases.Completed",
            objectType: "purchase",
            objectId: `${game.id}-${objectId}`,
            data: { objectId, n },
          }),
        );
        emitted.push({ id, objectId });
      }

    // down past several retry steps: the first event of each object has failed 5 times (to ~6 min of the real schedule)
    await waitFor(
      async () => {
        const firsts = await db.webhookDelivery.findMany({ where: { eventId: { in: emitted.slice(0, OBJECTS.length).map((e) => e.id) } } });
        return firsts.length === 2 * OBJECTS.length && firsts.every((d) => d.attempts >= 5);
      },
      { what: "five failed attempts of each object's first event", timeoutMs: 20_000 },
    );
    const refused = await db.webhookAttempt.findMany({ where: { delivery: { eventId: { in: emitted.map((e) => e.id) } } } });
    expect(refused.every((a) => a.statusCode === null && /ECONNREFUSED/.test(a.error ?? ""))).toBe(true);

    receiver = await startReceiver({ port });
    await waitFor(
      async () => (await db.webhookDelivery.count({ where: { eventId: { in: emitted.map((e) => e.id) }, status: "succeeded" } })) === 2 * emitted.length,
      { what: "every delivery succeeded", timeoutMs: 25_000 },
    );

    const primarySecret = (await db.game.findUniqueOrThrow({ where: { id: game.id } })).webhookSecret;
    for (const [path, secret] of [
      ["/hooks", primarySecret],
      ["/hooks?second=1", second.secret],
    ] as const) {
      const mine = receiver.requests.filter((r) => verifySignature(r.rawBody, secret, r.headers["x-service-signature"] as string));
      // each endpoint got each event exactly once, signed with its own secret
      expect(new Set(mine.map((r) => r.headers["x-service-event-id"])).size, path).toBe(emitted.length);
      expect(mine, path).toHaveLength(emitted.length);
      for (const objectId of OBJECTS) {
        const ofObject = mine.filter((r) => (JSON.parse(r.rawBody) as { data: { objectId: string } }).data.objectId === objectId);
        // arrival order is sequence order, and the sequence is the order the events were made in
        expect(
          ofObject.map((r) => Number(r.headers["x-service-sequence"])),
          `${path} ${objectId}`,
        ).toEqual([1, 2, 3, 4]);
        expect(ofObject.map((r) => (JSON.parse(r.rawBody) as { data: { n: number } }).data.n)).toEqual([1, 2, 3, 4]);
      }
    }
    expect(receiver.requests).toHaveLength(2 * emitted.length);
    // the first events kept their schedule: attempt 6 or later was the one that got through
    const firsts = receiver.requests.filter((r) => Number(r.headers["x-service-sequence"]) === 1);
    expect(firsts.every((r) => Number(r.headers["x-service-attempt"]) >= 6)).toBe(true);
    // the later ones waited for them instead of using up attempts
    const later = receiver.requests.filter((r) => Number(r.headers["x-service-sequence"]) > 1);
    expect(later.every((r) => r.headers["x-service-attempt"] === "1")).toBe(true);
  }, 60_000);
});

// Several endpoints per owner, filters, own secrets, rotation with two signatures, test events, resend and
// recover, and the failure streak (warn, disable, skip): deliverWebhook called directly (no worker),
// against real HTTP receivers and PostgreSQL; time moved with the test clock.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { setClockOffsetForTests } from "../core/clock.ts";
import { getDb } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import { makeGame } from "../../tests/support/fixtures.ts";
import { closedPort, startReceiver, type Receiver } from "../../tests/support/webhook-receiver.ts";
import { createWebhookEndpoint } from "./create-webhook-endpoint.ts";
import { DISABLED_REASON } from "./create-delivery.ts";
import { deleteWebhookEndpoint } from "./delete-webhook-endpoint.ts";
import { deliverWebhook } from "./deliver.ts";
import { emitEvent } from "./emit-event.ts";
import { ensurePrimaryEndpoint } from "./ensure-primary-endpoint.ts";
import { listDeliveries } from "./list-deliveries.ts";
import { listWebhookEndpoints } from "./list-webhook-endpoints.ts";
import { recoverFailedDeliveries } from "./recover-failed-deliveries.ts";
import { resendDelivery } from "./resend-delivery.ts";
import { revealWebhookSecret } from "./reveal-webhook-secret.ts";
import { rotateWebhookSecret } from "./rotate-webhook-secret.ts";
import { sendTestEvent, TEST_EVENT } from "./send-test-event.ts";
import { setWebhookEndpoint } from "./set-webhook-endpoint.ts";
import { sign, verifySignature, verifyWebhookSignatures } from "./sign.ts";
import { updateWebhookEndpoint } from "./update-webhook-endpoint.ts";

const db = getDb();
const ctx = { db };
const receivers: Receiver[] = [];
const receiver = async () => {
  const r = await startReceiver();
  receivers.push(r);
  return r;
};
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});
afterEach(() => {
  setClockOffsetForTests(0);
  delete process.env.WEBHOOK_RETRY_SCALE;
});

const emit = (gameId: string, event = "Thing.Happened", objectId = "o1") =>
  inTransaction(db, (tx) => emitEvent(tx, { owner: { type: "game", id: gameId }, environment: "test", event, objectType: "thing", objectId, data: { n: 1 } }));

const deliveriesOf = (eventId: string) => db.webhookDelivery.findMany({ where: { eventId }, orderBy: { createdAt: "asc" } });

/** Delivers every delivery of the event once; returns them afterwards. */
const deliverAll = async (eventId: string) => {
  for (const d of await deliveriesOf(eventId)) await deliverWebhook(db, d.id);
  return db.webhookDelivery.findMany({ where: { eventId }, include: { attemptLog: true } });
};

const setup = async () => {
  const primaryRx = await receiver();
  const made = await makeGame({ webhookUrl: primaryRx.url });
  const owner = { type: "game" as const, id: made.game.id };
  return { ...made, owner, primaryRx };
};

describe("every delivery carries its event id", () => {
  it("x-service-event-id is the event's id on every attempt, delivery and resend; x-service-delivery-id differs", async () => {
    const { owner, primaryRx, game } = await setup();
    const eventId = await emit(game.id);
    const [first] = await deliverAll(eventId);
    const { deliveryId: again } = await resendDelivery(ctx, { owner, deliveryId: first.id });
    await deliverWebhook(db, again);
    const got = primaryRx.forEvent(eventId);
    expect(got).toHaveLength(2);
    expect(got.map((r) => r.headers["x-service-event-id"])).toEqual([eventId, eventId]);
    expect(got.map((r) => r.headers["x-service-delivery-id"])).toEqual([first.id, again]);
    expect(got[0].rawBody).toBe(got[1].rawBody);
    const attempt = await db.webhookAttempt.findFirstOrThrow({ where: { deliveryId: first.id } });
    const sent = JSON.parse(attempt.requestHeaders!) as Record<string, string>;
    expect(sent).toMatchObject({
      "x-service-event-id": eventId,
      "x-service-delivery-id": first.id,
      "x-service-signature": got[0].headers["x-service-signature"],
    });
    expect(attempt.requestHeaders).not.toContain("whsec_");
  });
});

describe("several endpoints per game", () => {
  it("each endpoint gets the events its filter takes, signed with its own secret; the spec's endpoint keeps working", async () => {
    const { owner, primaryRx, game } = await setup();
    const [rxB, rxC] = [await receiver(), await receiver()];
    const b = await createWebhookEndpoint(ctx, { owner, url: rxB.url, eventTypes: ["Purchases.Completed"] });
    const c = await createWebhookEndpoint(ctx, { owner, url: rxC.url });
    expect(b.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(b.secret).not.toBe(c.secret);

    const thing = await emit(game.id, "Thing.Happened");
    const bought = await emit(game.id, "Purchases.Completed");
    await deliverAll(thing);
    await deliverAll(bought);
    const primarySecret = (await db.game.findUniqueOrThrow({ where: { id: game.id } })).webhookSecret;
    expect(primaryRx.requests.map((r) => r.headers["x-service-event"])).toEqual(["Thing.Happened", "Purchases.Completed"]);
    expect(rxB.requests.map((r) => r.headers["x-service-event"])).toEqual(["Purchases.Completed"]);
    expect(rxC.requests.map((r) => r.headers["x-service-event"])).toEqual(["Thing.Happened", "Purchases.Completed"]);
    for (const r of primaryRx.requests) expect(verifySignature(r.rawBody, primarySecret, r.headers["x-service-signature"] as string)).toBe(true);
    for (const r of rxB.requests) expect(verifySignature(r.rawBody, b.secret, r.headers["x-service-signature"] as string)).toBe(true);
    for (const r of rxC.requests) {
      expect(verifySignature(r.rawBody, c.secret, r.headers["x-service-signature"] as string)).toBe(true);
      expect(verifySignature(r.rawBody, b.secret, r.headers["x-service-signature"] as string)).toBe(false);
    }
    const rows = await deliveriesOf(bought);
    expect(rows.map((d) => d.endpointId).sort()).toEqual([null, b.endpoint.id, c.endpoint.id].sort());

    // the spec's API still manages the primary endpoint
    const rxP2 = await receiver();
    await setWebhookEndpoint(ctx, { owner, url: rxP2.url });
    const list = await listWebhookEndpoints(ctx, { owner });
    expect(list.map((e) => [e.primary, e.url, e.eventTypes])).toEqual([
      [true, rxP2.url, []],
      [false, rxB.url, ["Purchases.Completed"]],
      [false, rxC.url, []],
    ]);
    expect(list[0].health).toMatchObject({ attempts: 2, succeeded: 2, successRate: 1, lastFailureAt: null });

    // filters and URLs change; a deleted endpoint gets nothing more
    await updateWebhookEndpoint(ctx, { owner, endpointId: b.endpoint.id, eventTypes: [] });
    await deleteWebhookEndpoint(ctx, { owner, endpointId: c.endpoint.id });
    const later = await emit(game.id, "Thing.Happened");
    expect((await deliveriesOf(later)).map((d) => d.endpointId).sort()).toEqual([null, b.endpoint.id].sort());
    expect((await listWebhookEndpoints(ctx, { owner })).map((e) => e.url)).toEqual([rxP2.url, rxB.url]);
  });

  it("keeps the URL guard: a private address is refused, loopback only for test games; another owner's endpoint is 404", async () => {
    const { owner } = await setup();
    await expect(createWebhookEndpoint(ctx, { owner, url: "http://169.254.169.254/x" })).rejects.toMatchObject({ code: "INVALID_WEBHOOK_URL" });
    const live = await makeGame({ environment: "live" });
    await expect(createWebhookEndpoint(ctx, { owner: { type: "game", id: live.game.id }, url: "http://127.0.0.1:9/x" })).rejects.toMatchObject({
      code: "INVALID_WEBHOOK_URL",
    });
    const mine = await createWebhookEndpoint(ctx, { owner, url: "http://127.0.0.1:9/x" });
    const other = { type: "game" as const, id: live.game.id };
    await expect(revealWebhookSecret(ctx, { owner: other, endpointId: mine.endpoint.id })).rejects.toMatchObject({ code: "WEBHOOK_ENDPOINT_NOT_FOUND" });
    await expect(updateWebhookEndpoint(ctx, { owner, endpointId: mine.endpoint.id, url: "http://10.0.0.1/x" })).rejects.toMatchObject({
      code: "INVALID_WEBHOOK_URL",
    });
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: mine.endpoint.id } })).url).toBe("http://127.0.0.1:9/x");
  });
});

describe("secret reveal and rotation", () => {
  it("after a rotation both secrets sign for 24 h (x-service-signature and x-service-signature-previous), then only the new one", async () => {
    const { owner, game } = await setup();
    const rx = await receiver();
    const e = await createWebhookEndpoint(ctx, { owner, url: rx.url });
    expect(await revealWebhookSecret(ctx, { owner, endpointId: e.endpoint.id })).toEqual({ secret: e.secret });
    const rotated = await rotateWebhookSecret(ctx, { owner, endpointId: e.endpoint.id });
    expect(rotated.secret).not.toBe(e.secret);
    expect(await revealWebhookSecret(ctx, { owner, endpointId: e.endpoint.id })).toEqual({ secret: rotated.secret });

    await deliverAll(await emit(game.id));
    const during = rx.requests.at(-1)!;
    expect(during.headers["x-service-signature"]).toBe(sign(during.rawBody, rotated.secret));
    expect(during.headers["x-service-signature-previous"]).toBe(sign(during.rawBody, e.secret));
    const h = { signature: during.headers["x-service-signature"] as string, previous: during.headers["x-service-signature-previous"] as string };
    expect(verifyWebhookSignatures(during.rawBody, e.secret, h)).toBe(true);
    expect(verifyWebhookSignatures(during.rawBody, rotated.secret, h)).toBe(true);
    expect(verifyWebhookSignatures(during.rawBody, "whsec_other", h)).toBe(false);

    setClockOffsetForTests(24 * 3600 * 1000 + 1000);
    await deliverAll(await emit(game.id));
    const after = rx.requests.at(-1)!;
    expect(after.headers["x-service-signature"]).toBe(sign(after.rawBody, rotated.secret));
    expect(after.headers["x-service-signature-previous"]).toBeUndefined();
  });

  it("rotating the primary endpoint changes the game's webhookSecret and keeps the old one signing", async () => {
    const { owner, game, primaryRx } = await setup();
    const primary = await ensurePrimaryEndpoint({ db }, { owner });
    const old = game.webhookSecret;
    const { secret } = await rotateWebhookSecret(ctx, { owner, endpointId: primary.id });
    expect((await db.game.findUniqueOrThrow({ where: { id: game.id } })).webhookSecret).toBe(secret);
    await deliverAll(await emit(game.id));
    const r = primaryRx.requests.at(-1)!;
    expect(r.headers["x-service-signature"]).toBe(sign(r.rawBody, secret));
    expect(r.headers["x-service-signature-previous"]).toBe(sign(r.rawBody, old));
  });
});

describe("send test event", () => {
  it("sends Webhook.Ping to that one endpoint only, whatever its filter", async () => {
    const { owner, primaryRx } = await setup();
    const rx = await receiver();
    const e = await createWebhookEndpoint(ctx, { owner, url: rx.url, eventTypes: ["Purchases.Completed"] });
    const { eventId, deliveryId } = await sendTestEvent(ctx, { owner, endpointId: e.endpoint.id });
    expect(await deliveriesOf(eventId)).toEqual([expect.objectContaining({ id: deliveryId, endpointId: e.endpoint.id })]);
    expect(await deliverWebhook(db, deliveryId)).toBe("succeeded");
    expect(rx.requests).toHaveLength(1);
    expect(primaryRx.requests).toHaveLength(0);
    const body = JSON.parse(rx.requests[0].rawBody) as { event: string; data: { endpointId: string } };
    expect(body).toMatchObject({ event: TEST_EVENT, data: { endpointId: e.endpoint.id } });
    expect(rx.requests[0].headers["x-service-event-id"]).toBe(eventId);
    expect(verifySignature(rx.requests[0].rawBody, e.secret, rx.requests[0].headers["x-service-signature"] as string)).toBe(true);
  });
});

describe("resend and recover", () => {
  it("recovers every failed delivery since T once, as new deliveries of the same events", async () => {
    const { owner, game } = await setup();
    const down = `http://127.0.0.1:${await closedPort()}/hooks`;
    const e = await createWebhookEndpoint(ctx, { owner, url: down, eventTypes: ["Thing.Happened"] });
    const mark = async () => {
      const events = [await emit(game.id, "Thing.Happened", "a"), await emit(game.id, "Thing.Happened", "b")];
      for (const id of events) {
        const d = (await deliveriesOf(id)).find((x) => x.endpointId === e.endpoint.id)!;
        await db.webhookDelivery.update({ where: { id: d.id }, data: { status: "failed" } });
      }
      return events;
    };
    await mark(); // before T
    await new Promise((r) => setTimeout(r, 20));
    const since = new Date();
    const recent = await mark();
    const rx = await receiver();
    await updateWebhookEndpoint(ctx, { owner, endpointId: e.endpoint.id, url: rx.url });

    const first = await recoverFailedDeliveries(ctx, { owner, endpointId: e.endpoint.id, since });
    expect(first).toMatchObject({ recovered: 2, more: false });
    for (const id of first.deliveryIds) expect(await deliverWebhook(db, id)).toBe("succeeded");
    expect(rx.requests.map((r) => r.headers["x-service-event-id"])).toEqual(recent);
    expect(await recoverFailedDeliveries(ctx, { owner, endpointId: e.endpoint.id, since })).toMatchObject({ recovered: 0 });

    const log = await listDeliveries(ctx, { owner, endpointId: e.endpoint.id, status: "failed" });
    expect(log.pagination.totalCount).toBe(4);
    const other = await makeGame();
    await expect(recoverFailedDeliveries(ctx, { owner: { type: "game", id: other.game.id }, endpointId: e.endpoint.id, since })).rejects.toMatchObject({
      code: "WEBHOOK_ENDPOINT_NOT_FOUND",
    });
    await expect(resendDelivery(ctx, { owner: { type: "game", id: other.game.id }, deliveryId: first.deliveryIds[0] })).rejects.toMatchObject({
      code: "WEBHOOK_DELIVERY_NOT_FOUND",
    });
  });
});

describe("a failure streak", () => {
  it("warns the owner after a day, disables the endpoint after 3 days (email each time), then skips it until enabled and recovered", async () => {
    const { owner, game, business } = await setup();
    const ownerEmail = `owner-${newId()}@example.test`;
    await db.businessMember.create({ data: { id: newId(), businessId: business.id, email: ownerEmail, isOwner: true, roles: ["owner"] } });
    const down = `http://127.0.0.1:${await closedPort()}/hooks`;
    const e = await createWebhookEndpoint(ctx, { owner, url: down });
    const mails = () => db.mailMessage.findMany({ where: { to: ownerEmail }, orderBy: { createdAt: "asc" } });
    const attempt = async (hours: number) => {
      setClockOffsetForTests(hours * 3600 * 1000);
      const d = (await deliveriesOf(eventId)).find((x) => x.endpointId === e.endpoint.id)!;
      return deliverWebhook(db, d.id);
    };
    const eventId = await emit(game.id);
    expect(await attempt(0)).toBe("retrying");
    let row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: e.endpoint.id } });
    expect(row.failingSince).not.toBeNull();
    expect(row.warnedAt).toBeNull();
    expect(await attempt(12)).toBe("retrying");
    expect(await mails()).toHaveLength(0);

    expect(await attempt(25)).toBe("retrying");
    row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: e.endpoint.id } });
    expect(row.warnedAt).not.toBeNull();
    expect(row.disabledAt).toBeNull();
    expect((await mails()).map((m) => m.subject)).toEqual(["Your Coinop webhook endpoint is failing"]);
    expect((await listWebhookEndpoints(ctx, { owner }))[1]).toMatchObject({ warnedAt: row.warnedAt, disabledAt: null, health: { attempts: 3, succeeded: 0 } });

    expect(await attempt(50)).toBe("retrying");
    expect(await mails()).toHaveLength(1); // warned once
    expect(await attempt(73)).toBe("retrying");
    row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: e.endpoint.id } });
    expect(row.disabledAt).not.toBeNull();
    expect(row.disabledReason).toMatch(/^Every attempt failed for 73 h/);
    expect((await mails()).map((m) => m.subject)).toEqual(["Your Coinop webhook endpoint is failing", "Your Coinop webhook endpoint was disabled"]);

    // no more attempts: the pending retry and new events fail at once, kept for recovery
    expect(await attempt(74)).toBe("failed");
    const attempts = await db.webhookAttempt.count({ where: { delivery: { eventId, endpointId: e.endpoint.id } } });
    expect(attempts).toBe(5);
    const missed = await emit(game.id);
    const skipped = (await deliveriesOf(missed)).find((x) => x.endpointId === e.endpoint.id)!;
    expect(skipped).toMatchObject({ status: "failed", attempts: 0, failureReason: DISABLED_REASON });
    await expect(sendTestEvent(ctx, { owner, endpointId: e.endpoint.id })).rejects.toMatchObject({ code: "WEBHOOK_ENDPOINT_DISABLED" });
    await expect(recoverFailedDeliveries(ctx, { owner, endpointId: e.endpoint.id, since: new Date(0) })).rejects.toMatchObject({
      code: "WEBHOOK_ENDPOINT_DISABLED",
    });

    // the primary endpoint of the same game kept working all along
    expect((await deliveriesOf(missed)).find((x) => x.endpointId === null)?.status).toBe("pending");

    // fixed and enabled again: recover sends both missed events
    const rx = await receiver();
    await updateWebhookEndpoint(ctx, { owner, endpointId: e.endpoint.id, url: rx.url, enabled: true });
    row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: e.endpoint.id } });
    expect(row).toMatchObject({ disabledAt: null, failingSince: null, warnedAt: null });
    const { recovered, deliveryIds } = await recoverFailedDeliveries(ctx, { owner, endpointId: e.endpoint.id, since: new Date(0) });
    expect(recovered).toBe(2);
    for (const id of deliveryIds) await deliverWebhook(db, id);
    expect(rx.requests.map((r) => r.headers["x-service-event-id"])).toEqual([eventId, missed]);
  });
});

describe("per-object order", () => {
  it("a later event of an object waits (no attempt used) until the earlier one to the same endpoint has ended, then is woken at once", async () => {
    const { game, primaryRx, owner } = await setup();
    const other = await receiver();
    const e = await createWebhookEndpoint(ctx, { owner, url: other.url });
    const first = await emit(game.id, "Thing.Happened", "ord");
    const second = await emit(game.id, "Thing.Happened", "ord");
    const unrelated = await emit(game.id, "Thing.Happened", "other-object");
    const primaryOf = async (eventId: string) => (await deliveriesOf(eventId)).find((d) => d.endpointId === null)!;
    const secondDelivery = await primaryOf(second);

    expect(await deliverWebhook(db, secondDelivery.id)).toBe("deferred");
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: secondDelivery.id } })).toMatchObject({ status: "pending", attempts: 0 });
    // another object, and another endpoint, are not held up
    expect(await deliverWebhook(db, (await primaryOf(unrelated)).id)).toBe("succeeded");
    const onOther = (await deliveriesOf(second)).find((d) => d.endpointId === e.endpoint.id)!;
    expect(await deliverWebhook(db, (await deliveriesOf(first)).find((d) => d.endpointId === e.endpoint.id)!.id)).toBe("succeeded");
    expect(await deliverWebhook(db, onOther.id)).toBe("succeeded");

    expect(await deliverWebhook(db, (await primaryOf(first)).id)).toBe("succeeded");
    // the first one's end queued the second at once (its job key, run now)
    const [job] = await db.$queryRaw<{ run_at: Date }[]>`
      SELECT j.run_at FROM graphile_worker._private_jobs j WHERE j.key = ${`webhooks:deliver:${secondDelivery.id}`}`;
    expect(job.run_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await deliverWebhook(db, secondDelivery.id)).toBe("succeeded");
    expect(primaryRx.requests.filter((r) => r.headers["x-service-event-id"] !== unrelated).map((r) => r.headers["x-service-event-id"])).toEqual([
      first,
      second,
    ]);
  });
});

// The portal's webhooks page services against PostgreSQL and a real receiver, as the page and its server
// actions call them: endpoints with filter and health, reveal and rotate (audited), test events, the delivery
// log with request headers, resend and recover; every action refused for a role without webhooks:write (403,
// nothing changed), another business's member (404, nothing changed) and nobody signed in (401).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { closedPort, startReceiver, type Receiver } from "@/tests/support/webhook-receiver";
import { as, expectRefusedToReaders, makePortalTenant } from "@/tests/support/portal";
import { deliverWebhook } from "@/lib/webhooks/deliver";
import { setWebhookEndpoint } from "@/lib/webhooks/set-webhook-endpoint";
import { sign, verifySignature } from "@/lib/webhooks/sign";
import { TEST_EVENT } from "@/lib/webhooks/send-test-event";
import { createPortalWebhookEndpoint } from "./create-portal-webhook-endpoint";
import { deletePortalWebhookEndpoint } from "./delete-portal-webhook-endpoint";
import { loadPortalWebhooks, webhookLogFilterOf } from "./load-portal-webhooks";
import { recoverPortalWebhookDeliveries } from "./recover-portal-webhook-deliveries";
import { resendPortalWebhookDelivery } from "./resend-portal-webhook-delivery";
import { revealPortalWebhookSecret } from "./reveal-portal-webhook-secret";
import { rotatePortalWebhookSecret } from "./rotate-portal-webhook-secret";
import { sendPortalWebhookTest } from "./send-portal-webhook-test";
import { updatePortalWebhookEndpoint } from "./update-portal-webhook-endpoint";

const db = getDb();
let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(async () => {
  await rx.close();
});

const tenant = async () => {
  const t = await makePortalTenant();
  return { ...t, ids: { businessId: t.business.id, gameId: t.game.id } };
};

const auditOf = (businessId: string) =>
  db.auditEntry.findMany({
    where: { businessId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { action: true, actorId: true, objectId: true, details: true },
  });

describe("the webhooks page", () => {
  it("adds an endpoint, sends it a test event, shows it in the log with its request, resends it with the same event id", async () => {
    const t = await tenant();
    const made = await createPortalWebhookEndpoint(as(t.developer), {
      ...t.ids,
      url: rx.url,
      eventTypes: "Purchases.Completed, Purchases.Failed",
      description: "orders",
    });
    expect(made).toMatchObject({ url: rx.url, eventTypes: ["Purchases.Completed", "Purchases.Failed"], secret: expect.stringMatching(/^whsec_/) });

    const page = await loadPortalWebhooks(as(t.viewer), { businessId: t.business.id, environment: "test" });
    expect(page.games).toHaveLength(1);
    expect(page.games[0].endpoints.map((e) => [e.primary, e.url, e.eventTypes, e.description])).toEqual([
      [true, null, [], ""],
      [false, rx.url, ["Purchases.Completed", "Purchases.Failed"], "orders"],
    ]);
    expect(JSON.stringify(page)).not.toContain(made.secret);

    const sent = await sendPortalWebhookTest(as(t.developer), { ...t.ids, endpointId: made.endpointId });
    expect(await deliverWebhook(db, sent.deliveryId)).toBe("succeeded");
    const got = rx.forEvent(sent.eventId);
    expect(got).toHaveLength(1);
    expect(verifySignature(got[0].rawBody, made.secret, got[0].headers["x-service-signature"] as string)).toBe(true);

    const log = (
      await loadPortalWebhooks(as(t.viewer), {
        businessId: t.business.id,
        environment: "test",
        gameId: t.game.id,
        filter: webhookLogFilterOf({ event: TEST_EVENT }),
      })
    ).log!;
    expect(log.deliveries).toHaveLength(1);
    const [d] = log.deliveries;
    expect(d).toMatchObject({
      id: sent.deliveryId,
      eventId: sent.eventId,
      event: TEST_EVENT,
      status: "succeeded",
      endpointId: made.endpointId,
      body: got[0].rawBody,
    });
    expect(d.attemptLog).toEqual([
      expect.objectContaining({
        attempt: 1,
        statusCode: 200,
        error: null,
        requestHeaders: expect.objectContaining({ "x-service-event-id": sent.eventId, "x-service-signature": sign(d.body, made.secret) }),
      }),
    ]);
    expect(JSON.stringify(log)).not.toContain(made.secret);
    expect(
      (await loadPortalWebhooks(as(t.viewer), { ...t.ids, environment: "test", filter: webhookLogFilterOf({ status: "failed" }) })).log!.deliveries,
    ).toEqual([]);

    const again = await resendPortalWebhookDelivery(as(t.developer), { ...t.ids, deliveryId: sent.deliveryId });
    expect(again.eventId).toBe(sent.eventId);
    await deliverWebhook(db, again.deliveryId);
    expect(rx.forEvent(sent.eventId).map((r) => r.headers["x-service-delivery-id"])).toEqual([sent.deliveryId, again.deliveryId]);

    const reveal = await revealPortalWebhookSecret(as(t.developer), { ...t.ids, endpointId: made.endpointId });
    expect(reveal.secret).toBe(made.secret);
    const rotated = await rotatePortalWebhookSecret(as(t.developer), { ...t.ids, endpointId: made.endpointId });
    expect(rotated.secret).not.toBe(made.secret);
    const after = (await loadPortalWebhooks(as(t.viewer), { ...t.ids, environment: "test" })).games[0].endpoints[1];
    expect(after.previousSecretUntil?.getTime()).toBe(rotated.previousSecretUntil.getTime());

    const audit = await auditOf(t.business.id);
    expect(audit.map((a) => a.action)).toEqual([
      "webhook_endpoint.created",
      "webhook_endpoint.test_sent",
      "webhook_delivery.resent",
      "webhook_endpoint.secret_revealed",
      "webhook_endpoint.secret_rotated",
    ]);
    expect(audit.every((a) => a.actorId === t.developer.email)).toBe(true);
    expect(JSON.stringify(audit)).not.toMatch(/whsec_/);
  });

  it("edits, disables and enables, recovers failed deliveries since a time, and deletes", async () => {
    const t = await tenant();
    const down = `http://127.0.0.1:${await closedPort()}/hooks`;
    await setWebhookEndpoint({ db }, { owner: { type: "game", id: t.game.id }, url: down });
    const primaryId = (await loadPortalWebhooks(as(t.developer), { ...t.ids, environment: "test" })).games[0].endpoints[0].id;
    const since = new Date(Date.now() - 1000);
    const sent = await sendPortalWebhookTest(as(t.developer), { ...t.ids, endpointId: primaryId });
    expect(await deliverWebhook(db, sent.deliveryId)).toBe("retrying");
    await db.webhookDelivery.update({ where: { id: sent.deliveryId }, data: { status: "failed", nextAttemptAt: null } });

    await expect(updatePortalWebhookEndpoint(as(t.developer), { ...t.ids, endpointId: primaryId, url: "http://10.1.2.3/x" })).rejects.toMatchObject({
      code: "INVALID_WEBHOOK_URL",
    });
    await updatePortalWebhookEndpoint(as(t.developer), { ...t.ids, endpointId: primaryId, url: rx.url, eventTypes: "" });
    expect((await db.game.findUniqueOrThrow({ where: { id: t.game.id } })).webhookUrl).toBe(rx.url);
    expect(await updatePortalWebhookEndpoint(as(t.developer), { ...t.ids, endpointId: primaryId, enabled: false })).toMatchObject({ enabled: false });
    await expect(recoverPortalWebhookDeliveries(as(t.developer), { ...t.ids, endpointId: primaryId, since })).rejects.toMatchObject({
      code: "WEBHOOK_ENDPOINT_DISABLED",
      status: 409,
    });
    await updatePortalWebhookEndpoint(as(t.developer), { ...t.ids, endpointId: primaryId, enabled: true });
    await expect(recoverPortalWebhookDeliveries(as(t.developer), { ...t.ids, endpointId: primaryId, since: "yesterday-ish" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
    const out = await recoverPortalWebhookDeliveries(as(t.developer), { ...t.ids, endpointId: primaryId, since: since.toISOString() });
    expect(out).toMatchObject({ recovered: 1, more: false });
    await deliverWebhook(db, out.deliveryIds[0]);
    expect(rx.forEvent(sent.eventId)).toHaveLength(1);

    expect(await deletePortalWebhookEndpoint(as(t.developer), { ...t.ids, endpointId: primaryId })).toEqual({ primary: true });
    expect((await db.game.findUniqueOrThrow({ where: { id: t.game.id } })).webhookUrl).toBeNull();
    expect((await auditOf(t.business.id)).map((a) => a.action)).toEqual([
      "webhook_endpoint.test_sent",
      "webhook_endpoint.updated",
      "webhook_endpoint.disabled",
      "webhook_endpoint.enabled",
      "webhook_deliveries.recovered",
      "webhook_endpoint.url_cleared",
    ]);
  });

  it("refuses every action to a role without webhooks:write (403), a stranger (404) and nobody (401), changing nothing", async () => {
    const t = await tenant();
    const made = await createPortalWebhookEndpoint(as(t.developer), { ...t.ids, url: rx.url, eventTypes: [] });
    const sent = await sendPortalWebhookTest(as(t.developer), { ...t.ids, endpointId: made.endpointId });
    const snapshot = async () => ({
      endpoints: await db.webhookEndpoint.findMany({ where: { ownerId: t.game.id }, orderBy: { id: "asc" } }),
      deliveries: await db.webhookDelivery.count({ where: { event: { ownerId: t.game.id } } }),
      events: await db.webhookEvent.count({ where: { ownerId: t.game.id } }),
      audit: await db.auditEntry.count({ where: { businessId: t.business.id } }),
      game: await db.game.findUniqueOrThrow({ where: { id: t.game.id } }),
    });
    const before = await snapshot();
    const e = { ...t.ids, endpointId: made.endpointId };
    await expectRefusedToReaders(t, {
      create: (c) => createPortalWebhookEndpoint(c, { ...t.ids, url: rx.url, eventTypes: [] }),
      update: (c) => updatePortalWebhookEndpoint(c, { ...e, description: "x" }),
      disable: (c) => updatePortalWebhookEndpoint(c, { ...e, enabled: false }),
      delete: (c) => deletePortalWebhookEndpoint(c, e),
      reveal: (c) => revealPortalWebhookSecret(c, e),
      rotate: (c) => rotatePortalWebhookSecret(c, e),
      test: (c) => sendPortalWebhookTest(c, e),
      resend: (c) => resendPortalWebhookDelivery(c, { ...t.ids, deliveryId: sent.deliveryId }),
      recover: (c) => recoverPortalWebhookDeliveries(c, { ...e, since: new Date(0).toISOString() }),
    });
    // another business's game, endpoint or delivery through this business: 404
    await expect(
      createPortalWebhookEndpoint(as(t.developer), { businessId: t.business.id, gameId: t.otherGame.id, url: rx.url, eventTypes: [] }),
    ).rejects.toMatchObject({ code: "GAME_NOT_FOUND", status: 404 });
    // the stranger administers the other business, whose game it is
    const theirs = await createPortalWebhookEndpoint(as(t.stranger), {
      businessId: t.other.id,
      gameId: t.otherGame.id,
      url: rx.url,
      eventTypes: [],
    });
    await expect(revealPortalWebhookSecret(as(t.developer), { ...t.ids, endpointId: theirs.endpointId })).rejects.toMatchObject({
      code: "WEBHOOK_ENDPOINT_NOT_FOUND",
      status: 404,
    });
    expect(await snapshot()).toEqual(before);

    // reading: viewer yes, finance no, stranger 404, nobody 401
    expect((await loadPortalWebhooks(as(t.viewer), { ...t.ids, environment: "test" })).games).toHaveLength(1);
    await expect(loadPortalWebhooks(as(t.finance), { ...t.ids, environment: "test" })).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    await expect(loadPortalWebhooks(as(t.stranger), { ...t.ids, environment: "test" })).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(loadPortalWebhooks(as(null), { ...t.ids, environment: "test" })).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
  });
});

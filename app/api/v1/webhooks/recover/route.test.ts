import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/transaction";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { emitEvent } from "@/lib/webhooks/emit-event";
import { makeGame } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { POST } from "./route";

const db = getDb();

describe("POST /v1/webhooks/recover", () => {
  it("sends every failed delivery since T again, once, to the primary endpoint or the one named", async () => {
    const { game, headers } = await makeGame({ webhookUrl: "http://127.0.0.1:9/hooks" });
    const owner = { type: "game" as const, id: game.id };
    const second = await createWebhookEndpoint({ db }, { owner, url: "http://127.0.0.1:9/second" });
    const emit = (objectId: string) =>
      inTransaction(db, (tx) => emitEvent(tx, { owner, environment: "test", event: "Thing.Happened", objectType: "thing", objectId, data: {} }));
    const old = await emit("a");
    await new Promise((r) => setTimeout(r, 20));
    const since = new Date();
    const recent = [await emit("b"), await emit("c")];
    await db.webhookDelivery.updateMany({ where: { eventId: { in: [old, ...recent] } }, data: { status: "failed", nextAttemptAt: null } });

    const res = await call(POST, { headers, body: { since: since.toISOString() } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ recovered: 2, more: false });
    const made = await db.webhookDelivery.findMany({ where: { id: { in: res.body.data.deliveryIds } }, orderBy: { createdAt: "asc" } });
    expect(made.map((d) => [d.eventId, d.endpointId, d.status])).toEqual(recent.map((e) => [e, null, "pending"]));
    expect((await call(POST, { headers, body: { since: since.toISOString() } })).body.data.recovered).toBe(0);

    const toSecond = await call(POST, { headers, body: { since: new Date(0).toISOString(), endpointId: second.endpoint.id } });
    expect(toSecond.body.data.recovered).toBe(3);

    const other = await makeGame();
    const refused = await call(POST, { headers: other.headers, body: { since: since.toISOString(), endpointId: second.endpoint.id } });
    expect([refused.status, refused.body.code]).toEqual([404, "WEBHOOK_ENDPOINT_NOT_FOUND"]);
    const bad = await call(POST, { headers, body: { since: "not a date" } });
    expect([bad.status, bad.body.code]).toEqual([400, "VALIDATION_ERROR"]);
  });
});

import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/transaction";
import { emitEvent } from "@/lib/webhooks/emit-event";
import { makeGame } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { POST } from "./route";

const db = getDb();

describe("POST /v1/webhooks/deliveries/{deliveryId}/resend", () => {
  it("makes a new delivery of the same event to the same endpoint; another game's delivery is 404; no key is 401", async () => {
    const { game, headers } = await makeGame({ webhookUrl: "http://127.0.0.1:9/hooks" });
    const eventId = await inTransaction(db, (tx) =>
      emitEvent(tx, { owner: { type: "game", id: game.id }, environment: "test", event: "Thing.Happened", objectType: "thing", objectId: "r1", data: {} }),
    );
    const original = await db.webhookDelivery.findFirstOrThrow({ where: { eventId } });
    await db.webhookDelivery.update({ where: { id: original.id }, data: { status: "succeeded" } });

    const res = await call(POST, { headers, params: { deliveryId: original.id } });
    expect(res.status).toBe(201);
    expect(res.body.data.eventId).toBe(eventId);
    expect(res.body.data.deliveryId).not.toBe(original.id);
    const made = await db.webhookDelivery.findUniqueOrThrow({ where: { id: res.body.data.deliveryId } });
    expect(made).toMatchObject({ eventId, endpointId: null, status: "pending", attempts: 0 });

    const other = await makeGame();
    const refused = await call(POST, { headers: other.headers, params: { deliveryId: original.id } });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe("WEBHOOK_DELIVERY_NOT_FOUND");
    expect((await call(POST, { params: { deliveryId: original.id } })).status).toBe(401);
    expect(await db.webhookDelivery.count({ where: { eventId } })).toBe(2);
  });
});

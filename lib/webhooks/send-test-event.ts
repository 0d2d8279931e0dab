import type { DbContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { emitEvent, type WebhookOwner } from "./emit-event.ts";
import { findOwnerEndpoint } from "./find-owner-endpoint.ts";
import { sendableEndpoint } from "./resend-event.ts";
import { endpointOfRow } from "./resolve-endpoint.ts";

/** The event name of a test delivery (the spec names none). It ignores the endpoint's filter. */
export const TEST_EVENT = "Webhook.Ping";

/**
 * "Send test event": a Webhook.Ping event, signed and delivered like any other (retries included) to this
 * one endpoint only, whatever its filter. data: {endpointId, message}. Returns the event and delivery ids.
 */
export const sendTestEvent = async (ctx: DbContext, { owner, endpointId }: { owner: WebhookOwner; endpointId: string }) => {
  const row = await findOwnerEndpoint(ctx, { owner, endpointId });
  const endpoint = sendableEndpoint(await endpointOfRow(ctx, row));
  const select = { environment: true } as const;
  const env =
    owner.type === "game"
      ? await ctx.db.game.findUnique({ where: { id: owner.id }, select })
      : owner.type === "campaign"
        ? await ctx.db.campaign.findUnique({ where: { id: owner.id }, select })
        : null;
  return inTransaction(ctx.db, async (tx) => {
    const eventId = await emitEvent(
      tx,
      {
        owner,
        // a platform receives both modes; its test pings are test events (loopback receivers allowed)
        environment: env?.environment ?? "test",
        event: TEST_EVENT,
        objectType: "webhook_endpoint",
        objectId: row.id,
        data: { endpointId: row.id, message: "A test event from Coinop. Answer 2xx to mark it delivered." },
      },
      { to: [endpoint] },
    );
    const delivery = await tx.webhookDelivery.findFirstOrThrow({ where: { eventId }, select: { id: true } });
    return { eventId, deliveryId: delivery.id };
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_OWNER_ENDPOINT_ERRORS } from "./find-owner-endpoint.ts";
import { RESEND_EVENT_ERRORS } from "./resend-event.ts";
export const SEND_TEST_EVENT_ERRORS = [...FIND_OWNER_ENDPOINT_ERRORS, ...RESEND_EVENT_ERRORS] as const satisfies readonly ErrorCode[];

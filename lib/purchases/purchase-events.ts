// The payloads of the Purchases.* webhooks. Purchases.Completed carries exactly the spec's fields;
// Started, Failed and Canceled carry "purchase fields": the same core plus status (and message on failure).
import type { Purchase } from "../db/generated/client.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { PURCHASE_EVENTS } from "./purchase-states.ts";
import type { DbContext } from "../core/context.ts";

type Item = { id: string; type: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** purchaseId … user_ref, dealCode only when a deal applied, grant fields only for a grant purchase. */
export const completedPayload = (p: Purchase, item: Item): Record<string, unknown> => ({
  purchaseId: p.id,
  itemId: item.id,
  gameId: p.gameId,
  itemType: item.type,
  amount: Number(p.amount),
  currency: p.currency,
  paymentProvider: p.paymentProvider,
  ...(p.dealCode ? { dealCode: p.dealCode } : {}),
  metadata: isObject(p.metadata) ? p.metadata : {},
  user_ref: p.userRef,
  ...(p.grantId ? { grant_user_ref: p.grantUserRef, checkout_metadata: p.checkoutMetadata ?? null } : {}),
});

/** The purchase fields of Started, Failed and Canceled. */
export const purchaseFields = (p: Purchase, item: Item): Record<string, unknown> => ({
  ...completedPayload(p, item),
  status: p.status,
  paymentMethod: p.paymentMethod,
  priceInCents: p.priceInCents,
  ...(p.subscriptionId ? { subscriptionId: p.subscriptionId } : {}),
  ...(p.status === "failed" ? { message: p.failureMessage } : {}),
  createdAt: p.createdAt.toISOString(),
});

/** Writes a Purchases.* event to the game's outbox, in the caller's transaction. */
export const emitPurchaseEvent = (
  ctx: DbContext,
  { event, purchase: p, item }: { event: (typeof PURCHASE_EVENTS)[keyof typeof PURCHASE_EVENTS]; purchase: Purchase; item: Item },
) =>
  emitEvent(ctx.db, {
    owner: { type: "game", id: p.gameId },
    environment: p.environment,
    event,
    objectType: "purchase",
    objectId: p.id,
    data: event === PURCHASE_EVENTS.completed ? completedPayload(p, item) : purchaseFields(p, item),
  });

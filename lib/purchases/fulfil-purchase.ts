import type { Purchase } from "../db/generated/client.ts";
import type { DbClient } from "../db/transaction.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import { vcPool, vcUser } from "../ledger/accounts.ts";
import { vcScope } from "../vc/vc-scope.ts";
import { transfer } from "../ledger/transfer.ts";
import type { ProductRow } from "../products/serialize-product.ts";
import { startSubscription } from "../subscriptions/start-subscription.ts";
import { renewSubscriptionPeriod } from "../subscriptions/renew-subscription-period.ts";
import type { DbContext } from "../core/context.ts";

export const KEY_EMAIL_TASK = "purchases:email-key";

export type Fulfilment = { fulfillmentStatus: string; deliveredKey?: string; keyEmailStatus?: string; subscriptionId?: string };

/** The oldest unassigned key of the product, locked so concurrent purchases take different keys. */
const takeKey = async (tx: DbClient, productId: string, purchaseId: string): Promise<string | null> => {
  const [key] = await tx.$queryRaw<{ id: string; value: string }[]>`
    SELECT id, value FROM "ProductKey" WHERE "productId" = ${productId} AND "purchaseId" IS NULL
    ORDER BY "createdAt", id LIMIT 1 FOR UPDATE SKIP LOCKED`;
  if (!key) return null;
  await tx.productKey.update({ where: { id: key.id }, data: { purchaseId, assignedAt: new Date() } });
  return key.value;
};

/**
 * Fulfils a paid purchase inside its completing transaction:
 * - NONE: not_required. WEBHOOK: the game fulfils on Purchases.Completed, written to the outbox in this
 *   same transaction, so 'fulfilled' means "handed to the game".
 * - GRANT_VIRTUAL_CURRENCY: the configured units go from the currency's pool to the player's userRef.
 * - KEY_DELIVERY: the oldest free key is assigned and stored, and an email job is queued (it commits with
 *   the purchase, so a rolled-back purchase never sends a key); no key left: 'failed'.
 * - a subscription product also starts (or, for a renewal, extends) its subscription.
 */
export const fulfilPurchase = async (
  ctx: DbContext,
  { purchase: p, product }: { purchase: Purchase & { userRef: string; playerId: string }; product: ProductRow },
): Promise<Fulfilment> => {
  const out: Fulfilment = { fulfillmentStatus: "not_required" };
  if (product.type === "subscription") {
    out.subscriptionId = p.renewalPeriodEnd ? (await renewSubscriptionPeriod(ctx, { purchase: p })).id : (await startSubscription(ctx, { purchase: p })).id;
  }
  switch (product.fulfillmentType) {
    case "WEBHOOK":
      out.fulfillmentStatus = "fulfilled";
      break;
    case "GRANT_VIRTUAL_CURRENCY": {
      if (!product.grantCurrencyId || !product.grantAmountUnits) {
        out.fulfillmentStatus = "failed";
        break;
      }
      await transfer(ctx.db, {
        ...vcScope({ gameId: p.gameId, environment: p.environment, currencyId: product.grantCurrencyId }),
        type: "purchase_grant",
        reference: p.id,
        metadata: { purchaseId: p.id, itemId: p.productId },
        from: vcPool(product.grantCurrencyId, p.environment),
        to: vcUser(p.userRef, p.environment),
        amount: product.grantAmountUnits,
        description: `Grant for purchase ${p.id} of item ${p.productId}`,
      });
      out.fulfillmentStatus = "fulfilled";
      break;
    }
    case "KEY_DELIVERY": {
      const key = await takeKey(ctx.db, product.id, p.id);
      if (!key) {
        out.fulfillmentStatus = "failed";
        break;
      }
      await enqueueJob(ctx.db, KEY_EMAIL_TASK, { purchaseId: p.id }, { jobKey: `${KEY_EMAIL_TASK}:${p.id}`, maxAttempts: 10 });
      Object.assign(out, { fulfillmentStatus: "fulfilled", deliveredKey: key, keyEmailStatus: "queued" });
      break;
    }
  }
  return out;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { TRANSFER_ERRORS } from "../ledger/transfer.ts";
import { START_SUBSCRIPTION_ERRORS } from "../subscriptions/start-subscription.ts";
export const FULFIL_PURCHASE_ERRORS = [...TRANSFER_ERRORS, ...START_SUBSCRIPTION_ERRORS] as const satisfies readonly ErrorCode[];

import type { Purchase } from "../db/generated/client.ts";
import { openPurchase, type CreatePurchaseInput, type PurchaseOrigin } from "./create-purchase.ts";
import type { DbContext } from "../core/context.ts";

export type CreateCheckoutPurchaseInput = Omit<CreatePurchaseInput, "affiliateCode"> & Omit<Extract<PurchaseOrigin, { kind: "checkout" }>, "kind">;

/**
 * The pending purchase of a checkout past the redirect stage (grant or hosted session): an invalid deal
 * charges the regular price instead of failing, and Purchases.Started is emitted in the same transaction.
 */
export const createCheckoutPurchase = (ctx: DbContext, { grant, checkoutSessionId, ...input }: CreateCheckoutPurchaseInput): Promise<Purchase> =>
  openPurchase(ctx, { ...input, origin: { kind: "checkout", grant, checkoutSessionId } });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CREATE_PURCHASE_ERRORS } from "./create-purchase.ts";
export const CREATE_CHECKOUT_PURCHASE_ERRORS = [...CREATE_PURCHASE_ERRORS] as const satisfies readonly ErrorCode[];

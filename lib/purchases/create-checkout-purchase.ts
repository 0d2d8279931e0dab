import type { Purchase } from "../db/generated/client.ts";
import type { DbClient } from "../db/transaction.ts";
import { openPurchase, type CreatePurchaseInput, type PurchaseOrigin } from "./create-purchase.ts";

export type CreateCheckoutPurchaseInput = Omit<CreatePurchaseInput, "affiliateCode"> & Omit<Extract<PurchaseOrigin, { kind: "checkout" }>, "kind">;

/**
 * The pending purchase of a checkout past the redirect stage (grant or hosted session): an invalid deal
 * charges the regular price instead of failing, and Purchases.Started is emitted in the same transaction.
 */
export const createCheckoutPurchase = (db: DbClient, { grant, checkoutSessionId, ...input }: CreateCheckoutPurchaseInput): Promise<Purchase> =>
  openPurchase(db, input, { kind: "checkout", grant, checkoutSessionId });

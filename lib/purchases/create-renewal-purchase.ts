import type { Purchase } from "../db/generated/client.ts";
import type { DbClient } from "../db/transaction.ts";
import { openPurchase, type CreatePurchaseInput } from "./create-purchase.ts";

export type CreateRenewalPurchaseInput = Omit<CreatePurchaseInput, "dealCode" | "affiliateCode" | "metadata"> & {
  renewal: { subscriptionId: string; periodEnd: Date };
};

/** The purchase of a subscription's next period: no sale checks, no deal, not counted by perUserLimit. */
export const createRenewalPurchase = (db: DbClient, { renewal, ...input }: CreateRenewalPurchaseInput): Promise<Purchase> =>
  openPurchase(db, input, { kind: "renewal", ...renewal });

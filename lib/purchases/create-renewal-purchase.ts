import type { Purchase } from "../db/generated/client.ts";
import { openPurchase, type CreatePurchaseInput } from "./create-purchase.ts";
import type { DbContext } from "../core/context.ts";

export type CreateRenewalPurchaseInput = Omit<CreatePurchaseInput, "dealCode" | "affiliateCode" | "metadata"> & {
  renewal: { subscriptionId: string; periodEnd: Date };
};

/** The purchase of a subscription's next period: no sale checks, no deal, not counted by perUserLimit. */
export const createRenewalPurchase = (ctx: DbContext, { renewal, ...input }: CreateRenewalPurchaseInput): Promise<Purchase> =>
  openPurchase(ctx, { ...input, origin: { kind: "renewal", ...renewal } });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CREATE_PURCHASE_ERRORS } from "./create-purchase.ts";
export const CREATE_RENEWAL_PURCHASE_ERRORS = [...CREATE_PURCHASE_ERRORS] as const satisfies readonly ErrorCode[];

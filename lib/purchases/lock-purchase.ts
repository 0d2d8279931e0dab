import type { Purchase } from "../db/generated/client.ts";
import { notFound } from "../core/errors.ts";
import type { DbContext } from "../core/context.ts";

/** Locks the purchase row for the rest of the transaction (404 when unknown). */
export const lockPurchase = async (ctx: DbContext, { purchaseId }: { purchaseId: string }): Promise<Purchase> => {
  await ctx.db.$queryRaw`SELECT 1 FROM "Purchase" WHERE id = ${purchaseId} FOR UPDATE`;
  const p = await ctx.db.purchase.findUnique({ where: { id: purchaseId } });
  if (!p) throw notFound(`Purchase ${JSON.stringify(purchaseId)}`, "PURCHASE_NOT_FOUND");
  return p;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const LOCK_PURCHASE_ERRORS = ["PURCHASE_NOT_FOUND"] as const satisfies readonly ErrorCode[];

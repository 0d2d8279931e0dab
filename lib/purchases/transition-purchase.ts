import type { Prisma, Purchase } from "../db/generated/client.ts";
import { guardedTransition } from "../core/state-machine.ts";
import { conflict } from "../core/errors.ts";
import { PURCHASE_TRANSITIONS, type PurchaseAction } from "./purchase-states.ts";
import type { TxContext } from "../db/transaction.ts";

const VERB: Record<PurchaseAction, string> = {
  complete: "be completed",
  completeLate: "be completed",
  fail: "fail",
  cancel: "be canceled",
  refund: "be refunded",
  refundPartially: "be refunded",
};

/** 409 PURCHASE_NOT_PENDING for `action` on a purchase found in `state`. */
export const purchaseNotPending = (id: string, state: string | null, action: PurchaseAction) =>
  conflict("PURCHASE_NOT_PENDING", `Purchase ${id} is ${state}; only a pending purchase can ${VERB[action]}.`);

/**
 * Moves a purchase along the state table (purchase-states.ts), writing `data` with the new status in one
 * conditional statement: when the purchase is no longer in a source state, 409 PURCHASE_NOT_PENDING.
 */
export const transitionPurchase = async (
  ctx: TxContext,
  { id, action, data = {} }: { id: string; action: PurchaseAction; data?: Prisma.PurchaseUncheckedUpdateManyInput },
): Promise<Purchase> => {
  const { row } = await guardedTransition(PURCHASE_TRANSITIONS, action, {
    write: (from, to) => ctx.db.purchase.updateManyAndReturn({ where: { id, status: { in: [...from] } }, data: { ...data, status: to } }),
    current: async () => (await ctx.db.purchase.findUnique({ where: { id }, select: { status: true } }))?.status ?? null,
    refuse: (state) => purchaseNotPending(id, state, action),
  });
  return row!;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const TRANSITION_PURCHASE_ERRORS = ["PURCHASE_NOT_PENDING"] as const satisfies readonly ErrorCode[];

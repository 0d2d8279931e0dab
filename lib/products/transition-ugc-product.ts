import type { Prisma } from "../db/generated/client.ts";
import { guardedTransition } from "../core/state-machine.ts";
import { ugcConflict, UGC_MOVES, type ProductStatus, type UgcMove } from "./ugc-states.ts";
import type { TxContext } from "../db/transaction.ts";

/**
 * Moves a user-generated product along the state table (ugc-states.ts), writing `data` with the new
 * status in one conditional statement; 409 PRODUCT_STATE_CONFLICT when it is no longer in a source state.
 */
export const transitionUgcProduct = async (
  ctx: TxContext,
  { productId, action, data = {} }: { productId: string; action: UgcMove; data?: Prisma.ProductUncheckedUpdateManyInput },
): Promise<ProductStatus> =>
  (
    await guardedTransition(UGC_MOVES, action, {
      write: (from, to) => ctx.db.product.updateMany({ where: { id: productId, status: { in: [...from] } }, data: { ...data, status: to } }),
      current: async () => (await ctx.db.product.findUnique({ where: { id: productId }, select: { status: true } }))?.status ?? null,
      refuse: (state) => ugcConflict(state, action),
    })
  ).to;

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { UGC_STATES_ERRORS } from "./ugc-states.ts";
export const TRANSITION_UGC_PRODUCT_ERRORS = [...UGC_STATES_ERRORS] as const satisfies readonly ErrorCode[];

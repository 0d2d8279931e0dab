import type { CheckoutGrant, Prisma } from "../db/generated/client.ts";
import { guardedTransition } from "../core/state-machine.ts";
import { conflict } from "../core/errors.ts";
import { GRANT_TRANSITIONS, type GrantAction } from "./grant-states.ts";
import type { DbContext } from "../core/context.ts";

/** 409 GRANT_NOT_PENDING: the grant is not in a state `action` may start from. */
export const grantNotPending = (id: string, state: string | null, action: GrantAction) =>
  conflict(
    "GRANT_NOT_PENDING",
    `Checkout grant ${id} is ${state}; only a ${GRANT_TRANSITIONS[action].from.join(" or ")} grant can ${action === "expire" ? "expire" : `be ${GRANT_TRANSITIONS[action].to}`}.`,
  );

/**
 * Moves a grant along the state table (grant-states.ts), writing `data` with the new status in one
 * conditional statement; 409 GRANT_NOT_PENDING when the grant is no longer in a source state.
 */
export const transitionGrant = async (
  ctx: DbContext,
  { id, action, data = {} }: { id: string; action: GrantAction; data?: Prisma.CheckoutGrantUncheckedUpdateManyInput },
): Promise<CheckoutGrant> => {
  const { row } = await guardedTransition(GRANT_TRANSITIONS, action, {
    write: (from, to) => ctx.db.checkoutGrant.updateManyAndReturn({ where: { id, status: { in: [...from] } }, data: { ...data, status: to } }),
    current: async () => (await ctx.db.checkoutGrant.findUnique({ where: { id }, select: { status: true } }))?.status ?? null,
    refuse: (state) => grantNotPending(id, state, action),
  });
  return row!;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const TRANSITION_GRANT_ERRORS = ["GRANT_NOT_PENDING"] as const satisfies readonly ErrorCode[];

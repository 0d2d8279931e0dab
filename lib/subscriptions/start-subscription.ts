import type { Purchase } from "../db/generated/client.ts";
import { newId } from "../db/ids.ts";
import { conflict } from "../core/errors.ts";
import { addMonth, PLAN_CODE, planIdOf } from "./plan.ts";
import { clockTimeOf } from "../test-clocks/use-test-clock.ts";
import type { DbContext } from "../core/context.ts";

/**
 * The Active subscription a first purchase of a subscription product starts: one month paid, renewed
 * with the same payment method. A player holds at most one Active subscription per product (409).
 * Runs in the completing purchase's transaction, under its (product, player) lock.
 */
export const startSubscription = async (ctx: DbContext, { purchase: p }: { purchase: Purchase & { userRef: string; playerId: string } }) => {
  const active = await ctx.db.subscription.findFirst({
    where: { productId: p.productId, playerId: p.playerId, gameId: p.gameId, status: "Active" },
    select: { id: true },
  });
  if (active) throw conflict("SUBSCRIPTION_ALREADY_ACTIVE", `This player already has an active subscription (${active.id}) to item ${p.productId}.`);
  // bought on a test clock (the server-side purchase named one, or its checkout grant was on one): the
  // subscription lives on that clock, its month counted from the clock's time (docs/decisions/test-clocks.md)
  const grant = p.grantId && !p.testClockId ? await ctx.db.checkoutGrant.findUnique({ where: { id: p.grantId }, select: { testClockId: true } }) : null;
  const testClockId = p.testClockId ?? grant?.testClockId ?? null;
  const now = await clockTimeOf(ctx, testClockId);
  return ctx.db.subscription.create({
    data: {
      id: newId(),
      gameId: p.gameId,
      environment: p.environment,
      productId: p.productId,
      playerId: p.playerId,
      userRef: p.userRef,
      status: "Active",
      planCode: PLAN_CODE,
      planId: planIdOf(p.productId),
      paymentMethod: p.paymentMethod ?? "card",
      currencyId: p.currencyId,
      amount: p.amount,
      currentPeriodEnd: addMonth(now),
      lastChargeStatus: "succeeded",
      testClockId,
    },
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const START_SUBSCRIPTION_ERRORS = ["SUBSCRIPTION_ALREADY_ACTIVE"] as const satisfies readonly ErrorCode[];

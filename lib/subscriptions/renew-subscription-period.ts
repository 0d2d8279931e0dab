import type { Purchase } from "../db/generated/client.ts";
import { addMonth } from "./plan.ts";
import type { DbContext } from "../core/context.ts";

/** A paid renewal moves the period on by one month from the period it paid for, and clears the failures. */
export const renewSubscriptionPeriod = (ctx: DbContext, { purchase: p }: { purchase: Purchase }) =>
  ctx.db.subscription.update({
    where: { id: p.subscriptionId! },
    data: {
      currentPeriodEnd: addMonth(p.renewalPeriodEnd!),
      amount: p.amount,
      lastChargeStatus: "succeeded",
      lastChargeError: null,
      failedCharges: 0,
      nextChargeAt: null,
    },
  });

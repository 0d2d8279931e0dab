import type { Purchase } from "../db/generated/client.ts";
import type { DbClient } from "../db/transaction.ts";
import { addMonth } from "./plan.ts";

/** A paid renewal moves the period on by one month from the period it paid for, and clears the failures. */
export const renewSubscriptionPeriod = (tx: DbClient, p: Purchase) =>
  tx.subscription.update({
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

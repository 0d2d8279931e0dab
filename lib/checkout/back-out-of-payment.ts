import { cancelCheckout } from "./cancel-checkout.ts";
import { purchaseCheckoutPath } from "./describe-payment-return.ts";
import { successUrlPath } from "./sign-url.ts";
import type { DbContext } from "../core/context.ts";

/**
 * The payer pressed "Return to checkout" on the cancel page (a POST): a pending purchase is canceled
 * (Purchases.Canceled, its grant pending again, its Stripe session queued for expiry) and the answer is
 * where to send them: the checkout page, or the success page when the payment completed meanwhile. Null
 * for an unknown purchase. Pressing it twice cancels once.
 */
export const backOutOfPayment = async (ctx: DbContext, { purchaseId }: { purchaseId: string }): Promise<string | null> => {
  const p = await ctx.db.purchase.findUnique({ where: { id: purchaseId } });
  if (!p) return null;
  const after = p.status === "pending" ? await cancelCheckout(ctx, { purchaseId }) : p;
  if (after.status === "completed") return successUrlPath(after.id);
  return (await purchaseCheckoutPath(ctx, { purchase: after })) ?? "/";
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CANCEL_CHECKOUT_ERRORS } from "./cancel-checkout.ts";
export const BACK_OUT_OF_PAYMENT_ERRORS = [...CANCEL_CHECKOUT_ERRORS] as const satisfies readonly ErrorCode[];

"use server";
// "Return to checkout" on the cancel page: the only way to cancel a pending card purchase from a browser.
// A server action is a POST that Next.js checks against the page's origin; the signed purchase id is
// re-verified here because anyone who knows the action's id can call it.
import { notFound, redirect } from "next/navigation";
import { z } from "zod";
import { backOutOfPayment } from "@/lib/checkout/back-out-of-payment";
import { verifyIdSignature } from "@/lib/checkout/sign-url";
import { runHostedAction } from "@/lib/hosted/action";

export const returnToCheckoutAction = async (target: { purchaseId: string; sig: string | null }): Promise<void> => {
  if (!verifyIdSignature(target.purchaseId, target.sig)) notFound();
  const out = await runHostedAction({
    schema: z.object({}),
    form: new FormData(),
    signedIn: () => false,
    run: ({ db }) => backOutOfPayment({ db }, { purchaseId: target.purchaseId }),
  });
  if (!out.ok || !out.value) notFound();
  redirect(out.value);
};

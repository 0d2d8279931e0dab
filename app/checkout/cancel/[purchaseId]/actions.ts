"use server";
// "Return to checkout" on the cancel page: the only way to cancel a pending card purchase from a browser.
// A server action is a POST that Next.js checks against the page's origin; the signed purchase id is
// re-verified here because anyone who knows the action's id can call it.
import { notFound, redirect } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { backOutOfPayment } from "@/lib/checkout/back-out-of-payment";
import { verifyIdSignature } from "@/lib/checkout/sign-url";

export const returnToCheckoutAction = async (target: { purchaseId: string; sig: string | null }): Promise<void> => {
  if (!verifyIdSignature(target.purchaseId, target.sig)) notFound();
  const destination = await backOutOfPayment(getDb(), target.purchaseId);
  if (!destination) notFound();
  redirect(destination);
};

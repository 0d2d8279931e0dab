// GET /checkout/cancel/{purchaseId}?sig=…: where Stripe sends a payer who backs out of the card page.
// Opening it changes nothing (a GET must be safe: Stripe, a prefetch or a link preview may open it); the
// payer presses "Return to checkout", a POST, to cancel the pending payment and choose again.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { StateMessage } from "@/components/hosted/state-message";
import { getDb } from "@/lib/db/client";
import { describePaymentReturn } from "@/lib/checkout/describe-payment-return";
import { successUrlPath, verifyIdSignature } from "@/lib/checkout/sign-url";
import { returnToCheckoutAction } from "./actions";
import { buttonClass } from "@/components/ui/classes";
import { Card } from "@/components/ui/card";

type Props = { params: Promise<{ purchaseId: string }>; searchParams: Promise<{ sig?: string | string[] }> };

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Card payment canceled", robots: { index: false, follow: false }, referrer: "no-referrer" };

export default async function CheckoutCancelPage({ params, searchParams }: Props) {
  const { purchaseId } = await params;
  const raw = (await searchParams).sig;
  const sig = typeof raw === "string" ? raw : null;
  if (!verifyIdSignature(purchaseId, sig)) notFound();
  const view = await describePaymentReturn(getDb(), purchaseId);
  if (!view) notFound();
  const item = view.itemName ?? "your item";
  return (
    <CheckoutShell theme={view.theme} gameName={view.game.name} test={view.test}>
      <Card variant="flat" labelledBy="title" className="mx-auto max-w-md">
        {view.status === "pending" ? (
          <>
            <StateMessage tone="info" title="You left the card payment" headingId="title">
              <p>Nothing has been charged for {item}.</p>
              <p className="mt-2">Return to the checkout to pay another way or try your card again. Your open card payment will be canceled.</p>
            </StateMessage>
            <form action={returnToCheckoutAction.bind(null, { purchaseId, sig })} className="mt-6">
              <button type="submit" className={buttonClass({ size: "lg" })}>
                Return to checkout
              </button>
            </form>
          </>
        ) : view.status === "completed" ? (
          <>
            <StateMessage tone="success" title="This payment went through" headingId="title">
              <p>Your card payment for {item} was completed.</p>
            </StateMessage>
            <a href={successUrlPath(view.purchaseId)} className={`${buttonClass({ size: "lg" })} mt-6`}>
              See your receipt
            </a>
          </>
        ) : (
          <>
            <StateMessage
              tone="warning"
              title={view.status === "failed" ? "This card payment did not go through" : "This card payment was canceled"}
              headingId="title"
            >
              <p>{view.refunded ? "A payment that arrived after it ended was refunded to your card." : "Nothing was charged."}</p>
            </StateMessage>
            {view.checkoutPath ? (
              <a href={view.checkoutPath} className={`${buttonClass({ size: "lg" })} mt-6`}>
                Return to checkout
              </a>
            ) : null}
          </>
        )}
      </Card>
    </CheckoutShell>
  );
}

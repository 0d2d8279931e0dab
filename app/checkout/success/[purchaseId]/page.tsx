// The page after paying: /checkout/success/{purchaseId}?sig=… A live card payment lands here before
// Stripe's webhook arrives, so a pending purchase refreshes itself until it completes.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { formatCents, formatUnits } from "@/components/checkout/format";
import { ShareButtons } from "@/components/checkout/share-buttons";
import { StateMessage } from "@/components/hosted/state-message";
import { getDb } from "@/lib/db/client";
import { loadSuccessView } from "@/lib/checkout/load-success-view";
import { checkoutPath, verifyIdSignature } from "@/lib/checkout/sign-url";
import { resolveTheme } from "@/lib/checkout/theme";
import { buttonClass } from "@/components/ui/classes";
import { Card } from "@/components/ui/card";

type Props = { params: Promise<{ purchaseId: string }>; searchParams: Promise<{ sig?: string | string[] }> };

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Payment complete", robots: { index: false, follow: false }, referrer: "no-referrer" };

export default async function CheckoutSuccessPage({ params, searchParams }: Props) {
  const { purchaseId } = await params;
  const sig = (await searchParams).sig;
  if (!verifyIdSignature(purchaseId, typeof sig === "string" ? sig : null)) notFound();
  const view = await loadSuccessView(getDb(), purchaseId);
  if (!view) notFound();
  const { purchase, game, product, session, grant, player } = view;
  const amount = purchase.paymentMethod === "vc" ? formatUnits(Number(purchase.amount), purchase.currency) : formatCents(purchase.priceInCents);
  const back = grant ? checkoutPath({ kind: "grant", grantId: grant.id }) : session ? checkoutPath({ kind: "session", token: session.token }) : null;
  const receipt = player && !player.email.endsWith(".invalid") ? player.email : null;
  return (
    <CheckoutShell theme={resolveTheme(game.checkoutTheme)} gameName={game.name} test={purchase.environment === "test"}>
      {purchase.status === "pending" ? <meta httpEquiv="refresh" content="3" /> : null}
      <Card variant="flat" labelledBy="title" className="mx-auto max-w-md">
        {purchase.status === "completed" ? (
          <StateMessage tone="success" title="Payment successful" headingId="title">
            <p>
              You paid <span className="font-semibold text-slate-900">{amount}</span> for{" "}
              <span className="font-semibold [overflow-wrap:anywhere] text-slate-900">{product?.name}</span>.
            </p>
            {receipt ? (
              <p className="mt-1">
                Paid as <span className="[overflow-wrap:anywhere]">{receipt}</span>.
              </p>
            ) : null}
            <p className="mt-1 text-xs text-slate-500">Reference {purchase.id}</p>
          </StateMessage>
        ) : purchase.status === "pending" ? (
          <StateMessage tone="info" title="Finishing your payment…" headingId="title">
            <p role="status">We are waiting for the card payment to be confirmed. This page updates by itself.</p>
          </StateMessage>
        ) : (
          <StateMessage tone="error" title="Payment not completed" headingId="title">
            <p role="alert">
              {purchase.failureMessage ??
                (purchase.refundedAt
                  ? "Your card payment arrived after this checkout had ended, so it was refunded to your card."
                  : "The payment was canceled. Nothing was charged.")}
            </p>
          </StateMessage>
        )}
        <div className="mt-6 space-y-3">
          {purchase.status === "completed" && session?.redirectUrl ? (
            <a href={session.redirectUrl} className={buttonClass({ size: "lg" })}>
              Return to {game.name || "the game"}
            </a>
          ) : null}
          {(purchase.status === "failed" || purchase.status === "canceled") && back ? (
            <a href={back} className={buttonClass({ size: "lg" })}>
              Try again
            </a>
          ) : null}
          {purchase.status === "completed" && !game.hideSuccessPageShareButtons ? (
            <ShareButtons text={`I just got ${product?.name ?? "something new"} in ${game.name}!`} />
          ) : null}
        </div>
      </Card>
    </CheckoutShell>
  );
}

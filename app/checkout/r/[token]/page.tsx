// The hosted checkout opened from GET /v1/checkout/redirect: /checkout/r/{token}.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CheckoutPage } from "@/components/checkout/checkout-page";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getDb } from "@/lib/db/client";
import { loadCheckoutView } from "@/lib/checkout/load-checkout-view";
import { requestResetAction, signUpAction } from "../../../account/actions";
import { payAction } from "../../actions";

type Props = { params: Promise<{ token: string }> };

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Checkout", robots: { index: false, follow: false }, referrer: "no-referrer" };

export default async function RedirectCheckoutPage({ params }: Props) {
  const { token } = await params;
  const player = await getSignedInPlayer();
  const view = await loadCheckoutView(getDb(), { kind: "session", token }, player);
  if (!view) notFound();
  return (
    <CheckoutPage
      view={view}
      target={{ kind: "session", id: token, sig: null }}
      player={player}
      actions={{ pay: payAction, mail: { signUp: signUpAction, requestReset: requestResetAction } }}
    />
  );
}

// The hosted checkout of a grant: /checkout/g/{grantId}?sig=… (the signed URL is the credential).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CheckoutPage } from "@/components/checkout/checkout-page";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { verifyGrantSignature } from "@/lib/checkout/sign-url";
import { getDb } from "@/lib/db/client";
import { loadCheckoutView } from "@/lib/checkout/load-checkout-view";
import { requestResetAction, signUpAction } from "../../../account/actions";
import { payAction } from "../../actions";

type Props = { params: Promise<{ grantId: string }>; searchParams: Promise<{ sig?: string | string[] }> };

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Checkout", robots: { index: false, follow: false }, referrer: "no-referrer" };

export default async function GrantCheckoutPage({ params, searchParams }: Props) {
  const { grantId } = await params;
  const sig = (await searchParams).sig;
  const signature = typeof sig === "string" ? sig : null;
  if (!verifyGrantSignature(grantId, signature)) notFound();
  const player = await getSignedInPlayer();
  const view = await loadCheckoutView(getDb(), { kind: "grant", grantId }, player);
  if (!view) notFound();
  return (
    <CheckoutPage
      view={view}
      target={{ kind: "grant", id: grantId, sig: signature }}
      player={player}
      actions={{ pay: payAction, mail: { signUp: signUpAction, requestReset: requestResetAction } }}
    />
  );
}

// The hosted checkout opened from GET /v1/checkout/redirect: /checkout/r/{token}.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CheckoutPage } from "@/components/checkout/checkout-page";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { loadCheckoutView } from "../../load-checkout-view";

type Props = { params: Promise<{ token: string }> };

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Checkout", robots: { index: false, follow: false }, referrer: "no-referrer" };

export default async function RedirectCheckoutPage({ params }: Props) {
  const { token } = await params;
  const player = await getSignedInPlayer();
  const view = await loadCheckoutView({ kind: "session", token }, player);
  if (!view) notFound();
  return <CheckoutPage view={view} target={{ kind: "session", id: token, sig: null }} player={player} />;
}

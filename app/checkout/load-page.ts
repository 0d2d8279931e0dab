// The data of each hosted checkout page, once per request: the page, its metadata and the root layout's
// `<html lang>` (app/_lib/page-locale.ts) all read it through these, so the language the page renders is the
// language it declares, and the database is read once.
import { cache } from "react";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { describePaymentReturn } from "@/lib/checkout/describe-payment-return";
import { loadCheckoutView } from "@/lib/checkout/load-checkout-view";
import { loadSuccessView } from "@/lib/checkout/load-success-view";
import { verifyGrantSignature, verifyIdSignature } from "@/lib/checkout/sign-url";
import { getDb } from "@/lib/db/client";
import { getRequestLocale } from "@/lib/hosted/locale";

/** /checkout/g/{grantId}?sig=…: null without a valid signature or grant. */
export const loadGrantCheckout = cache(async (grantId: string, signature: string | null) => {
  if (!verifyGrantSignature(grantId, signature)) return null;
  const player = await getSignedInPlayer();
  const view = await loadCheckoutView({ db: getDb() }, { ref: { kind: "grant", grantId }, player });
  if (!view) return null;
  return { view, player, locale: await getRequestLocale(view.locale) };
});

/** /checkout/r/{token} */
export const loadSessionCheckout = cache(async (token: string) => {
  const player = await getSignedInPlayer();
  const view = await loadCheckoutView({ db: getDb() }, { ref: { kind: "session", token }, player });
  if (!view) return null;
  return { view, player, locale: await getRequestLocale(view.locale) };
});

/** /checkout/success/{purchaseId}?sig=… */
export const loadSuccessPage = cache(async (purchaseId: string, sig: string | null) => {
  if (!verifyIdSignature(purchaseId, sig)) return null;
  const view = await loadSuccessView({ db: getDb() }, { purchaseId });
  if (!view) return null;
  return { view, locale: await getRequestLocale(view.locale) };
});

/** /checkout/cancel/{purchaseId}?sig=… */
export const loadCancelPage = cache(async (purchaseId: string, sig: string | null) => {
  if (!verifyIdSignature(purchaseId, sig)) return null;
  const view = await describePaymentReturn({ db: getDb() }, { purchaseId });
  if (!view) return null;
  return { view, locale: await getRequestLocale(view.locale) };
});

// The hosted checkout opened from GET /v1/checkout/redirect: /checkout/r/{token}.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { CheckoutPage } from "@/components/checkout/checkout-page";
import { checkoutMetadata, notFoundMetadata } from "@/components/checkout/page-metadata";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getDb } from "@/lib/db/client";
import { loadCheckoutView } from "@/lib/checkout/load-checkout-view";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";
import { requestResetAction, signUpAction } from "../../../account/actions";
import { payAction } from "../../actions";

type Props = { params: Promise<{ token: string }> };

export const dynamic = "force-dynamic";

/** The page's data, once per request (the metadata and the page both need it). */
const load = cache(async (token: string) => {
  const player = await getSignedInPlayer();
  const view = await loadCheckoutView({ db: getDb() }, { ref: { kind: "session", token }, player });
  if (!view) return null;
  return { view, player, locale: await getRequestLocale(view.locale) };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const loaded = await load((await params).token);
  if (!loaded) return notFoundMetadata(await getRequestLocale());
  const { view, locale } = loaded;
  const t = getTranslator(locale, "checkout");
  const names = { game: view.game.name, item: view.item.name };
  return checkoutMetadata({
    locale,
    title: t("meta.payTitle", names),
    description: t("meta.payDescription", names),
    game: view.game.name,
    imageUrl: view.item.imageUrl,
  });
}

export default async function RedirectCheckoutPage({ params }: Props) {
  const { token } = await params;
  const loaded = await load(token);
  if (!loaded) notFound();
  return (
    <CheckoutPage
      view={loaded.view}
      target={{ kind: "session", id: token, sig: null }}
      player={loaded.player}
      locale={loaded.locale}
      actions={{ pay: payAction, mail: { signUp: signUpAction, requestReset: requestResetAction } }}
    />
  );
}

// The hosted checkout opened from GET /v1/checkout/redirect: /checkout/r/{token}.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CheckoutPage } from "@/components/checkout/checkout-page";
import { checkoutMetadata, notFoundMetadata } from "@/components/checkout/page-metadata";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";
import { requestResetAction, signUpAction } from "../../../account/actions";
import { payAction } from "../../actions";
import { loadSessionCheckout } from "../../load-page";

type Props = { params: Promise<{ token: string }> };

export const dynamic = "force-dynamic";

const load = loadSessionCheckout;

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

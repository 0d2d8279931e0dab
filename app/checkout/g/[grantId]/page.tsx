// The hosted checkout of a grant: /checkout/g/{grantId}?sig=… (the signed URL is the credential).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { CheckoutPage } from "@/components/checkout/checkout-page";
import { checkoutMetadata, notFoundMetadata } from "@/components/checkout/page-metadata";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { verifyGrantSignature } from "@/lib/checkout/sign-url";
import { getDb } from "@/lib/db/client";
import { loadCheckoutView } from "@/lib/checkout/load-checkout-view";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";
import { requestResetAction, signUpAction } from "../../../account/actions";
import { payAction } from "../../actions";

type Props = { params: Promise<{ grantId: string }>; searchParams: Promise<{ sig?: string | string[] }> };

export const dynamic = "force-dynamic";

/** The page's data, once per request (the metadata and the page both need it). */
const load = cache(async (grantId: string, signature: string | null) => {
  if (!verifyGrantSignature(grantId, signature)) return null;
  const player = await getSignedInPlayer();
  const view = await loadCheckoutView({ db: getDb() }, { ref: { kind: "grant", grantId }, player });
  if (!view) return null;
  return { view, player, locale: await getRequestLocale(view.locale) };
});

const read = async ({ params, searchParams }: Props) => {
  const { grantId } = await params;
  const sig = (await searchParams).sig;
  const signature = typeof sig === "string" ? sig : null;
  return { grantId, signature, loaded: await load(grantId, signature) };
};

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { loaded } = await read(props);
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

export default async function GrantCheckoutPage(props: Props) {
  const { grantId, signature, loaded } = await read(props);
  if (!loaded) notFound();
  return (
    <CheckoutPage
      view={loaded.view}
      target={{ kind: "grant", id: grantId, sig: signature }}
      player={loaded.player}
      locale={loaded.locale}
      actions={{ pay: payAction, mail: { signUp: signUpAction, requestReset: requestResetAction } }}
    />
  );
}

// The hosted checkout of a grant: /checkout/g/{grantId}?sig=… (the signed URL is the credential).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CheckoutPage } from "@/components/checkout/checkout-page";
import { checkoutMetadata, notFoundMetadata } from "@/components/checkout/page-metadata";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";
import { requestResetAction, signUpAction } from "../../../account/actions";
import { payAction } from "../../actions";
import { loadGrantCheckout } from "../../load-page";

type Props = { params: Promise<{ grantId: string }>; searchParams: Promise<{ sig?: string | string[] }> };

export const dynamic = "force-dynamic";

const load = loadGrantCheckout;

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

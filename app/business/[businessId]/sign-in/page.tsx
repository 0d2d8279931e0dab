// /business/{businessId}/sign-in (the `links.signIn` a platform gets): the players' sign-in, for the
// business's members; once signed in, the business's home (which itself decides who may see it).
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { requestResetAction, signUpAction } from "../../../account/actions";
import { hostedMetadata } from "@/components/hosted/page-metadata";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";
import { BusinessSignIn } from "@/components/business/business-sign-in";

type Props = { params: Promise<{ businessId: string }> };

export const dynamic = "force-dynamic";

export const generateMetadata = async (): Promise<Metadata> => {
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "platform");
  return hostedMetadata({ locale, title: t("home.signInHeading"), description: t("meta.signInDescription") });
};

const BusinessSignInPage = async ({ params }: Props) => {
  const { businessId } = await params;
  if (await getSignedInPlayer()) redirect(`/business/${encodeURIComponent(businessId)}`);
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "platform");
  return (
    <BusinessSignIn
      locale={locale}
      heading={t("home.signInHeading")}
      intro={t("common.signInIntro")}
      mail={{ signUp: signUpAction, requestReset: requestResetAction }}
    />
  );
};

export default BusinessSignInPage;

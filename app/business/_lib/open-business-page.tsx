// The start of every business page: the reader's language (the request's locale), the "platform" words and
// the signed-in player; signed out, the sign-in card the page shows instead (its heading and lines: keys).
import { BusinessSignIn } from "@/components/business/business-sign-in";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";
import { requestResetAction, signUpAction } from "../../account/actions";

export const openBusinessPage = async (signIn: { heading: string; lead?: string; intro?: string; balance?: boolean }) => {
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "platform");
  const player = await getSignedInPlayer();
  const signInCard = (
    <BusinessSignIn
      locale={locale}
      heading={t(signIn.heading)}
      lead={signIn.lead ? t(signIn.lead) : undefined}
      intro={signIn.intro ? t(signIn.intro) : undefined}
      balance={signIn.balance}
      mail={{ signUp: signUpAction, requestReset: requestResetAction }}
    />
  );
  return { locale, t, player, signInCard };
};

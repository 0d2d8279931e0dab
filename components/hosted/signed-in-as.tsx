// Who is signed in, with a way to switch accounts, in the page's language.
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";
import { SignedInAsClient } from "./signed-in-as-client";

export const SignedInAs = ({ email, locale = DEFAULT_LOCALE }: { email: string; locale?: Locale }) => {
  const t = getTranslator(locale, "common");
  return <SignedInAsClient email={email} words={{ signedInAs: t("signedInAs"), signOut: t("signOut"), signingOut: t("signingOut") }} />;
};

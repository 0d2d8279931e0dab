// /portal/developer-login: the test login `npm run seed` prints (a developer account's email and password),
// for its test business. Signed in already: the portal. Development and tests only: a 404 in production
// unless COINOP_DEVELOPER_LOGIN=1 (lib/config/settings.ts).
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { DeveloperLoginForm } from "@/components/portal/developer-login-form";
import { PortalFrame } from "@/components/portal/portal-frame";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { isDeveloperLoginEnabled } from "@/lib/config/settings";
import { getTranslator } from "@/lib/i18n/translator";
import { getPortalLocale } from "../_lib/portal-locale";
import { claimDeveloperLoginAction } from "../actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-more")("developerLogin.metaTitle") },
  robots: { index: false },
});

const DeveloperLoginPage = async () => {
  if (!isDeveloperLoginEnabled()) notFound();
  if (await getSignedInPlayer()) redirect("/portal");
  const locale = await getPortalLocale();
  const t = getTranslator(locale, "portal-more");
  return (
    <PortalFrame environment="test" locale={locale}>
      <Card labelledBy="title" className="mx-auto w-full max-w-md">
        <h1 id="title" className="text-2xl font-semibold tracking-tight text-slate-900">
          {t("developerLogin.title")}
        </h1>
        <p className="mt-2 text-sm text-slate-700">{t.rich("developerLogin.intro", { code: (chunks) => <code>{chunks}</code> })}</p>
        <div className="mt-6">
          <DeveloperLoginForm
            claim={claimDeveloperLoginAction}
            words={{
              form: t("developerLogin.formLabel"),
              email: t("developerLogin.email"),
              password: t("developerLogin.password"),
              submit: t("developerLogin.submit"),
              pending: t("developerLogin.pending"),
              wrong: t("developerLogin.wrong"),
            }}
          />
        </div>
        <p className="mt-6 text-center text-sm">
          <a className={textLinkClass} href="/portal">
            {t("developerLogin.back")}
          </a>
        </p>
      </Card>
    </PortalFrame>
  );
};

export default DeveloperLoginPage;

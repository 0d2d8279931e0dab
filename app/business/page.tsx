// /business: the businesses the signed-in player administers, each leading to its Connected platforms page.
import type { Metadata } from "next";
import { requestResetAction, signUpAction } from "../account/actions";
import { AuthForm } from "@/components/hosted/auth-form";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { hostedMetadata } from "@/components/hosted/page-metadata";
import { SignedInAs } from "@/components/hosted/signed-in-as";
import { TestModeBadge } from "@/components/hosted/test-mode-badge";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getDb } from "@/lib/db/client";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";
import { listAdminBusinesses } from "@/lib/platform/load-business-pages";

export const dynamic = "force-dynamic";

export const generateMetadata = async (): Promise<Metadata> => {
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "platform");
  return hostedMetadata({ locale, title: t("businesses.title"), description: t("meta.businesses.description") });
};

const BusinessesPage = async () => {
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "platform");
  const player = await getSignedInPlayer();
  const businesses = player ? await listAdminBusinesses({ db: getDb() }, player) : [];
  return (
    <HostedLayout locale={locale}>
      <Card labelledBy="title">
        <h1 id="title" className="text-2xl font-semibold tracking-tight text-slate-900">
          {player ? t("businesses.heading") : t("businesses.signInHeading")}
        </h1>
        {!player ? (
          <div className="mt-6">
            <AuthForm locale={locale} mail={{ signUp: signUpAction, requestReset: requestResetAction }} intro={t("common.signInIntro")} />
          </div>
        ) : (
          <>
            <p className="mt-2 text-sm leading-6 text-slate-700">{t("businesses.intro")}</p>
            <div className="mt-4">
              <SignedInAs email={player.email} locale={locale} />
            </div>
            {businesses.length === 0 ? (
              <p className="mt-6 text-sm text-slate-700">{t("businesses.none", { email: player.email })}</p>
            ) : (
              <ul className="mt-6 space-y-3">
                {businesses.map((b) => (
                  <li key={b.id} className="flex min-h-11 flex-wrap items-center justify-between gap-2 rounded-lg px-3 py-2 ring-1 ring-slate-200 ring-inset">
                    <a className={`${textLinkClass} [overflow-wrap:anywhere]`} href={`/business/${b.id}/platforms`}>
                      {b.name}
                    </a>
                    {b.environment === "test" ? <TestModeBadge locale={locale} /> : null}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Card>
    </HostedLayout>
  );
};

export default BusinessesPage;

// The player's identity verification page: /account/verification, the `kycUrl` of a business-linked
// player's compliance status. The signed-in player sees their own status in each environment where a
// business links them; a signed-out visitor is asked to sign in.
import type { Metadata } from "next";
import { hostedMetadata } from "@/components/hosted/page-metadata";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";
import { AuthForm } from "@/components/hosted/auth-form";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { SignedInAs } from "@/components/hosted/signed-in-as";
import { TestModeBadge } from "@/components/hosted/test-mode-badge";
import { VerificationBadge } from "@/components/hosted/verification-status";
import { Card } from "@/components/ui/card";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { loadCompliancePage } from "@/lib/business-users/load-compliance-page";
import { getDb } from "@/lib/db/client";
import { requestResetAction, signUpAction } from "../actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => {
  const locale = await getRequestLocale();
  return hostedMetadata({ locale, title: getTranslator(locale, "account")("verification.title") });
};

const IdentityVerificationPage = async () => {
  const player = await getSignedInPlayer();
  const entries = player ? await loadCompliancePage({ db: getDb() }, { playerId: player.playerId }) : [];
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "account");
  return (
    <HostedLayout locale={locale}>
      <Card labelledBy="title">
        <h1 id="title" className="text-2xl font-semibold tracking-tight text-slate-900">
          {t("verification.title")}
        </h1>
        {!player ? (
          <>
            <p className="mt-2 text-sm leading-6 text-slate-700">{t("verification.signIn")}</p>
            <div className="mt-6">
              <AuthForm locale={locale} mail={{ signUp: signUpAction, requestReset: requestResetAction }} />
            </div>
          </>
        ) : (
          <div className="mt-4 space-y-5">
            {entries.length === 0 ? (
              <p className="text-sm leading-6 text-slate-700">{t("verification.explain.not_started")}</p>
            ) : (
              entries.map((e) => (
                <section
                  key={e.environment}
                  aria-label={e.environment === "test" ? t("verification.testMode") : t("verification.section")}
                  className="space-y-2"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <VerificationBadge status={e.status} locale={locale} />
                    {e.environment === "test" ? <TestModeBadge locale={locale} /> : null}
                  </div>
                  <p className="text-sm leading-6 text-slate-700">{t(`verification.explain.${e.status}`)}</p>
                  {e.businesses.length ? (
                    <p className="text-xs text-slate-600">
                      {t("verification.linkedTo", { businesses: new Intl.ListFormat(locale, { type: "conjunction" }).format(e.businesses) })}
                    </p>
                  ) : null}
                </section>
              ))
            )}
            <SignedInAs email={player.email} locale={locale} />
          </div>
        )}
      </Card>
    </HostedLayout>
  );
};

export default IdentityVerificationPage;

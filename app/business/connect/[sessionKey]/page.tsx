// The platform connect page: /business/connect/{sessionKey}. A platform sends a business admin here
// (POST /v1/platform/link-sessions). The page names the platform and every scope it asks for in plain
// words, grouped by area; the admin signs in (the players' verified-email sign-in), picks the business,
// and approves (a grant; Platform.Link.Completed) or declines (Platform.Link.Declined).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { submitConnectDecision } from "./actions";
import { requestResetAction, signUpAction } from "../../../account/actions";
import { areaViews } from "@/components/business/area-views";
import { DecisionForm } from "@/components/business/decision-form";
import { PartyHeader } from "@/components/business/party-header";
import { ScopeList } from "@/components/business/scope-list";
import { AuthForm } from "@/components/hosted/auth-form";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { hostedMetadata } from "@/components/hosted/page-metadata";
import { SignedInAs } from "@/components/hosted/signed-in-as";
import { StateMessage } from "@/components/hosted/state-message";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getDb } from "@/lib/db/client";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";
import { loadConnectPage, type ConnectPage } from "@/lib/platform/load-business-pages";

type Props = { params: Promise<{ sessionKey: string }> };

export const dynamic = "force-dynamic";

/** The tab title and link preview name the platform and what it asks (the platform's name is on the page for anyone with the link). */
export const generateMetadata = async ({ params }: Props): Promise<Metadata> => {
  const { sessionKey } = await params;
  const page = await loadConnectPage({ db: getDb() }, { sessionKey, player: null });
  const locale = await getRequestLocale(page?.locale);
  const t = getTranslator(locale, "platform");
  if (!page) return hostedMetadata({ locale, title: t("connect.titleNotFound"), description: t("connect.notFoundBody") });
  const platform = page.platform.name;
  return hostedMetadata({
    locale,
    title: t(`meta.connect.${page.status}`, { platform }),
    description: t("meta.connect.description", { platform }),
    siteName: platform,
  });
};

type T = ReturnType<typeof getTranslator>;

const Final = ({ page, t }: { page: ConnectPage; t: T }) => {
  const platform = page.platform.name;
  switch (page.status) {
    case "approved":
      return (
        <StateMessage tone="success" title={t("connect.titleApproved")} headingId="title">
          <p>{page.decidedBusiness ? t("connect.approvedBody", { platform, business: page.decidedBusiness.name }) : t("connect.approvedOther")}</p>
          {page.decidedBusiness ? (
            <p className="mt-3">
              <a className={textLinkClass} href={`/business/${page.decidedBusiness.id}/platforms`}>
                {t("connect.manage", { business: page.decidedBusiness.name })}
              </a>
            </p>
          ) : null}
        </StateMessage>
      );
    case "declined":
      return (
        <StateMessage tone="info" title={t("connect.titleDeclined")} headingId="title">
          <p>{t("connect.declinedBody", { platform, business: page.decidedBusiness?.name ?? "none" })}</p>
        </StateMessage>
      );
    default:
      return (
        <StateMessage tone="warning" title={t("connect.titleExpired")} headingId="title">
          <p>{t("connect.expiredBody", { platform })}</p>
        </StateMessage>
      );
  }
};

const ConnectSessionPage = async ({ params }: Props) => {
  const { sessionKey } = await params;
  const player = await getSignedInPlayer();
  const page = await loadConnectPage({ db: getDb() }, { sessionKey, player });
  if (!page) notFound();
  const locale = await getRequestLocale(page.locale);
  const t = getTranslator(locale, "platform");
  const platform = page.platform.name;
  const open = page.businesses.filter((b) => !b.connected);
  return (
    <HostedLayout locale={locale}>
      <Card labelledBy="title">
        <PartyHeader kind={t("common.platform")} name={platform} test={page.environment === "test"} locale={locale} />
        <div className="mt-6">
          {page.status !== "pending" ? (
            <Final page={page} t={t} />
          ) : (
            <>
              <h1 id="title" className="text-2xl font-semibold tracking-tight text-balance text-slate-900">
                {t("connect.heading", { platform })}
              </h1>
              <p className="mt-2 text-sm leading-6 text-slate-700">{t("connect.intro", { platform })}</p>
              <div className="mt-5">
                <p id="asks" className="mb-2 text-sm font-medium text-slate-800">
                  {t("common.asksFor", { platform })}
                </p>
                <ScopeList areas={areaViews(page.groups, t)} labelledBy="asks" />
              </div>
              <div className="mt-6 space-y-5">
                {!player ? (
                  <AuthForm locale={locale} mail={{ signUp: signUpAction, requestReset: requestResetAction }} intro={t("common.signInIntro")} />
                ) : (
                  <>
                    <SignedInAs email={player.email} locale={locale} />
                    {page.businesses.length === 0 ? (
                      <p role="status" className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
                        {t("common.notAdmin", { email: player.email, environment: page.environment })}
                      </p>
                    ) : open.length === 0 ? (
                      <p role="status" className="rounded-lg bg-sky-50 px-3 py-2.5 text-sm text-sky-900 ring-1 ring-sky-200 ring-inset">
                        {t("connect.allConnected", { platform })}
                      </p>
                    ) : (
                      <DecisionForm
                        action={submitConnectDecision.bind(null, sessionKey)}
                        choice={{
                          legend: t("connect.chooseBusiness"),
                          options: page.businesses.map((b) => ({
                            id: b.id,
                            label: b.connected ? t("connect.alreadyConnected", { business: b.name }) : b.name,
                            disabled: b.connected,
                          })),
                        }}
                        buttons={[
                          { value: "approve", label: t("connect.approve"), pendingLabel: t("connect.approving") },
                          { value: "decline", label: t("connect.decline"), pendingLabel: t("connect.declining"), variant: "secondary" },
                        ]}
                      />
                    )}
                  </>
                )}
              </div>
            </>
          )}
        </div>
      </Card>
    </HostedLayout>
  );
};

export default ConnectSessionPage;

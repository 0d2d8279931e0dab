// The hosted link approval page: /link/{sessionKey}. The player signs in (or signs up), then approves
// or backs out; the page then shows the session's final state. In the session's `metadata.locale` when it
// is one we speak, else the browser's language.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { AuthForm } from "@/components/hosted/auth-form";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { MerchantHeader } from "@/components/hosted/merchant-header";
import { hostedMetadata } from "@/components/hosted/page-metadata";
import { SignedInAs } from "@/components/hosted/signed-in-as";
import { StateMessage } from "@/components/hosted/state-message";
import { SubmitButton } from "@/components/ui/button";
import { getSignedInPlayer, type SignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getDb } from "@/lib/db/client";
import { getRequestLocale } from "@/lib/hosted/locale";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { maskEmail } from "@/lib/linking/load-merchant";
import { loadLinkPage, loadLinkPageMeta, type LinkPage } from "@/lib/linking/load-link-page";
import { requestResetAction, signUpAction } from "../../account/actions";
import { submitLinkDecision } from "./actions";
import { Card } from "@/components/ui/card";

type Props = { params: Promise<{ sessionKey: string }> };

export const dynamic = "force-dynamic";

const TITLE_KEY: Record<string, string> = {
  pending: "meta.title",
  approved: "meta.approvedTitle",
  canceled: "meta.canceledTitle",
  failed: "meta.failedTitle",
  expired: "meta.expiredTitle",
  unlinked: "meta.unlinkedTitle",
};

export const generateMetadata = async ({ params }: Props): Promise<Metadata> => {
  const { sessionKey } = await params;
  const meta = await loadLinkPageMeta({ db: getDb() }, { sessionKey });
  const locale = await getRequestLocale(meta?.locale);
  const t = getTranslator(locale, "link");
  if (!meta) return hostedMetadata({ locale, title: t("meta.notFoundTitle"), description: t("meta.notFoundDescription") });
  const game = meta.merchant.name || t("fallbackSubject");
  return hostedMetadata({
    locale,
    title: t(TITLE_KEY[meta.state] ?? "meta.title", { game }),
    description: t("meta.description", { game }),
    siteName: meta.merchant.name || undefined,
    imageUrl: meta.merchant.imageUrl,
  });
};

const strong = (chunks: ReactNode) => <span className="font-semibold [overflow-wrap:anywhere] text-slate-900">{chunks}</span>;

const DecisionForm = ({ sessionKey, name, t }: { sessionKey: string; name: string; t: Translator }) => (
  <form action={submitLinkDecision.bind(null, sessionKey)} className="flex flex-col gap-3">
    <SubmitButton name="decision" value="approve" pendingLabel={t("pending.approving")}>
      {t("pending.approve")}
    </SubmitButton>
    <SubmitButton name="decision" value="cancel" pendingLabel={t("pending.canceling")} variant="secondary">
      {t("pending.notNow")}
    </SubmitButton>
    <p className="text-center text-xs text-slate-600">{t("pending.removeLater", { name })}</p>
  </form>
);

const Pending = ({ page, player, locale }: { page: LinkPage; player: SignedInPlayer | null; locale: Locale }) => {
  const t = getTranslator(locale, "link");
  const { session, merchant } = page;
  const name = merchant.name || t("fallbackSubject");
  const object = merchant.name || t("fallbackName");
  return (
    <>
      <h1 id="title" className="mt-6 text-2xl font-semibold tracking-tight text-balance text-slate-900">
        {t("pending.heading", { name: object })}
      </h1>
      <p className="mt-2 text-sm leading-6 text-slate-700">{t("pending.intro", { name })}</p>
      <p className="mt-2 text-xs text-slate-600">{t("pending.expires", { date: formatDate(locale, session.expiresAt) })}</p>
      <div className="mt-6 space-y-5">
        {player ? (
          <>
            <SignedInAs email={player.email} locale={locale} />
            {page.alreadyLinked ? (
              <p role="status" className="rounded-lg bg-sky-50 px-3 py-2.5 text-sm text-sky-900 ring-1 ring-sky-200 ring-inset">
                {t("pending.alreadyLinked", { name: object })}
              </p>
            ) : null}
            {session.prefilledEmail && session.prefilledEmail !== player.email ? (
              <p className="text-sm text-slate-700">{t.rich("pending.otherEmail", { name, prefilled: session.prefilledEmail, email: player.email, strong })}</p>
            ) : null}
            <DecisionForm sessionKey={session.sessionKey} name={object} t={t} />
          </>
        ) : (
          <>
            <AuthForm
              locale={locale}
              mail={{ signUp: signUpAction, requestReset: requestResetAction }}
              defaultEmail={session.prefilledEmail ?? ""}
              intro={t("pending.signInIntro", { name: object })}
            />
            <form action={submitLinkDecision.bind(null, session.sessionKey)} className="border-t border-slate-200 pt-4 text-center">
              <p className="text-sm text-slate-700">{t("pending.dontWant")}</p>
              <div className="mt-2">
                <SubmitButton name="decision" value="cancel" pendingLabel={t("pending.canceling")} variant="secondary">
                  {t("pending.notNow")}
                </SubmitButton>
              </div>
            </form>
          </>
        )}
      </div>
    </>
  );
};

const Final = ({ page, player, locale }: { page: LinkPage; player: SignedInPlayer | null; locale: Locale }) => {
  const t = getTranslator(locale, "link");
  const { session, merchant } = page;
  const name = merchant.name || t("fallbackName");
  const mine = Boolean(player && player.playerId === session.playerId);
  switch (session.state) {
    case "approved":
      return (
        <StateMessage tone="success" title={mine ? t("final.approvedMine", { name }) : t("final.approvedOther")} headingId="title">
          <p>
            {t.rich(mine ? "final.approvedBodyMine" : "final.approvedBodyOther", {
              email: page.approvedEmail ? (mine ? page.approvedEmail : maskEmail(page.approvedEmail)) : "—",
              strong,
            })}
          </p>
          <p className="mt-2">{t("final.closeAndReturn", { name })}</p>
        </StateMessage>
      );
    case "canceled":
      return (
        <StateMessage tone="info" title={t("final.canceledTitle")} headingId="title">
          <p>{t("final.canceledBody", { name })}</p>
        </StateMessage>
      );
    case "failed":
      return (
        <StateMessage tone="error" title={t("final.failedTitle")} headingId="title">
          <p role="alert">{session.failureMessage ?? t("final.failedDefault")}</p>
          <p className="mt-2">{t("final.failedRetry", { name })}</p>
        </StateMessage>
      );
    case "expired":
      return (
        <StateMessage tone="warning" title={t("final.expiredTitle")} headingId="title">
          <p>{t("final.expiredBody", { name })}</p>
        </StateMessage>
      );
    default:
      return (
        <StateMessage tone="info" title={t("final.unlinkedTitle")} headingId="title">
          <p>{t("final.unlinkedBody", { name })}</p>
        </StateMessage>
      );
  }
};

const LinkSessionPage = async ({ params }: Props) => {
  const { sessionKey } = await params;
  const player = await getSignedInPlayer();
  const page = await loadLinkPage({ db: getDb() }, { sessionKey, player });
  if (!page) notFound();
  const locale = await getRequestLocale(page.locale);
  return (
    <HostedLayout locale={locale}>
      <Card labelledBy="title">
        <MerchantHeader merchant={page.merchant} locale={locale} />
        <div className={page.session.state === "pending" ? "" : "mt-8"}>
          {page.session.state === "pending" ? <Pending page={page} player={player} locale={locale} /> : <Final page={page} player={player} locale={locale} />}
        </div>
      </Card>
    </HostedLayout>
  );
};

export default LinkSessionPage;

// The player's identity verification page: /account/verification, the `kycUrl` of a business-linked
// player's compliance status. The signed-in player sees their own status in each environment where a
// business links them, and sends their details and an identity document when asked (not_started,
// action_required, with the reviewer's note); pending says "in review", rejected shows the reason. The names
// of their own documents are listed, never a link to them. A signed-out visitor is asked to sign in.
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
import { VerificationForm, type VerificationDefaults, type VerificationFormWords } from "@/components/hosted/verification-form";
import { VERIFICATION_FIELDS } from "@/lib/business-users/compliance-form";
import { loadCompliancePage, type ComplianceEntry } from "@/lib/business-users/load-compliance-page";
import { getDb } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/locales";
import type { Translator } from "@/lib/i18n/translator";
import { requestResetAction, signUpAction } from "../actions";
import { submitVerificationAction } from "./actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => {
  const locale = await getRequestLocale();
  return hostedMetadata({ locale, title: getTranslator(locale, "account")("verification.title") });
};

const wordsOf = (t: Translator): VerificationFormWords => ({
  labels: Object.fromEntries(VERIFICATION_FIELDS.map((f) => [f, t(`verification.form.labels.${f}`)])) as VerificationFormWords["labels"],
  hints: {
    dateOfBirth: t("verification.form.hints.dateOfBirth"),
    country: t("verification.form.hints.country"),
    document: t("verification.form.hints.document"),
  },
  optional: t("verification.form.optional"),
  submit: t("verification.form.submit"),
  pending: t("verification.form.pending"),
});

const str = (v: unknown) => (typeof v === "string" ? v : undefined);
/** What the player sent last time, to fill the form again after the reviewer asked for something. */
const defaultsOf = (details: ComplianceEntry["details"]): VerificationDefaults => {
  const address = (details?.address ?? {}) as Record<string, unknown>;
  return {
    legalName: str(details?.legalName),
    dateOfBirth: str(details?.dateOfBirth),
    line1: str(address.line1),
    line2: str(address.line2),
    city: str(address.city),
    state: str(address.state),
    postalCode: str(address.postalCode),
    country: str(address.country),
  };
};

const Entry = ({ e, t, locale }: { e: ComplianceEntry; t: Translator; locale: Locale }) => (
  <section
    aria-label={e.environment === "test" ? t("verification.testMode") : t("verification.section")}
    className="space-y-2"
    data-testid={`verification-${e.environment}`}
  >
    <div className="flex flex-wrap items-center gap-2">
      <VerificationBadge status={e.status} locale={locale} />
      {e.environment === "test" ? <TestModeBadge locale={locale} /> : null}
    </div>
    <p className="text-sm leading-6 text-slate-700">{t(`verification.explain.${e.status}`)}</p>
    {e.note && (e.status === "rejected" || e.status === "action_required") ? (
      <div className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset">
        <p className="font-semibold">{t(`verification.note.${e.status}`)}</p>
        <p className="mt-1 [overflow-wrap:anywhere] whitespace-pre-line">{e.note}</p>
      </div>
    ) : null}
    {e.businesses.length ? (
      <p className="text-xs text-slate-600">
        {t("verification.linkedTo", { businesses: new Intl.ListFormat(locale, { type: "conjunction" }).format(e.businesses) })}
      </p>
    ) : null}
    {e.submittedAt && !e.canSubmit ? (
      <p className="text-xs text-slate-600">
        {t("verification.submittedAt", { date: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(e.submittedAt) })}
      </p>
    ) : null}
    {e.documents.length ? (
      <div className="text-sm text-slate-700">
        <p className="font-medium text-slate-900">{t("verification.documents")}</p>
        <ul className="mt-1 list-disc pl-5" data-testid="documents">
          {e.documents.map((d) => (
            <li key={d.id} className="[overflow-wrap:anywhere]">
              {d.filename}
            </li>
          ))}
        </ul>
      </div>
    ) : null}
    {e.canSubmit ? (
      <div className="mt-4 border-t border-slate-200 pt-4">
        <h2 className="text-lg font-semibold text-slate-900">{t("verification.form.title")}</h2>
        <p className="mt-1 text-sm text-slate-700">{t("verification.form.intro")}</p>
        <VerificationForm action={submitVerificationAction} environment={e.environment} words={wordsOf(t)} defaults={defaultsOf(e.details)} />
      </div>
    ) : null}
  </section>
);

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
              <p className="text-sm leading-6 text-slate-700">{t("verification.none")}</p>
            ) : (
              entries.map((e) => <Entry key={e.environment} e={e} t={t} locale={locale} />)
            )}
            <SignedInAs email={player.email} locale={locale} />
          </div>
        )}
      </Card>
    </HostedLayout>
  );
};

export default IdentityVerificationPage;

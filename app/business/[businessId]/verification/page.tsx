// The business verification (KYB) page: /business/{businessId}/verification, the `kyb` link a platform gets
// when it creates a business. A signed-in admin of the business (its owner, or a member with the admin role) sees
// where its activation stands and completes the application to go live: the same form, documents and services as
// the portal's "Go live" page (lib/activation). A signed-out visitor is asked to sign in (or sign up with the member
// email); anyone else gets a 404. In the browser's language ("platform" catalog, verification.*).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ActivationDocuments } from "@/components/activation/activation-documents";
import { ActivationForm } from "@/components/activation/activation-form";
import { ActivationStatus, ActivationStatusBadge } from "@/components/activation/activation-status";
import { activationWords } from "@/components/activation/activation-words";
import { AuthForm } from "@/components/hosted/auth-form";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { MerchantHeader } from "@/components/hosted/merchant-header";
import { hostedMetadata } from "@/components/hosted/page-metadata";
import { SignedInAs } from "@/components/hosted/signed-in-as";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { loadActivation } from "@/lib/activation/load-activation";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { loadVerificationPage } from "@/lib/businesses/load-verification-page";
import { getDb } from "@/lib/db/client";
import { getRequestLocale } from "@/lib/hosted/locale";
import { formatDate } from "@/lib/i18n/format";
import { getTranslator } from "@/lib/i18n/translator";
import { requestResetAction, signUpAction } from "../../../account/actions";
import { adminBusinessOf } from "../../_lib/admin-business";
import { applicationAction, removeDocumentAction, uploadDocumentAction } from "./actions";

type Props = { params: Promise<{ businessId: string }> };

export const dynamic = "force-dynamic";

/** The business's name is in the title for its admins only; anyone else sees the page's generic title. */
export const generateMetadata = async ({ params }: Props): Promise<Metadata> => {
  const { businessId } = await params;
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "platform");
  const admin = await adminBusinessOf(businessId);
  if (!admin) return hostedMetadata({ locale, title: t("verification.title"), description: t("verification.signIn") });
  const business = admin.name;
  return hostedMetadata({
    locale,
    title: t("verification.metaTitle", { business }),
    description: t("verification.metaDescription", { business }),
    siteName: business,
  });
};

const BusinessVerificationPage = async ({ params }: Props) => {
  const { businessId } = await params;
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "platform");
  const player = await getSignedInPlayer();
  if (!player)
    return (
      <HostedLayout locale={locale}>
        <Card labelledBy="title">
          <h1 id="title" className="text-2xl font-semibold tracking-tight text-slate-900">
            {t("verification.title")}
          </h1>
          <p className="mt-2 text-sm leading-6 text-slate-700">{t("verification.signIn")}</p>
          <div className="mt-6">
            <AuthForm locale={locale} mail={{ signUp: signUpAction, requestReset: requestResetAction }} />
          </div>
        </Card>
      </HostedLayout>
    );
  const db = getDb();
  const page = await loadVerificationPage({ db, player: { playerId: player.playerId, email: player.email } }, { businessId });
  // loadVerificationPage checked that the player administers the business
  const view = page ? await loadActivation({ db }, { businessId }) : null;
  if (!page || !view) notFound();
  const words = activationWords(t, { fieldMessages: true });
  const dates = [
    ...(view.submittedAt ? [t("verification.submittedOn", { date: formatDate(locale, view.submittedAt) })] : []),
    ...(view.decidedAt && view.status !== "pending" ? [t("verification.decidedOn", { date: formatDate(locale, view.decidedAt) })] : []),
  ];
  const portal = `/portal/${encodeURIComponent(businessId)}`;
  return (
    <HostedLayout locale={locale}>
      <div className="flex flex-col gap-6">
        <Card labelledBy="title">
          <MerchantHeader merchant={page.merchant} locale={locale} />
          <h1 id="title" className="mt-6 text-2xl font-semibold tracking-tight text-slate-900">
            {t("verification.title")}
          </h1>
          <div className="mt-3">
            <ActivationStatusBadge status={view.status} words={words} />
          </div>
          <ActivationStatus status={view.status} words={words} dates={dates} note={view.note} />
          {view.status === "approved" ? (
            <p className="mt-4 text-sm text-slate-700">
              {t("verification.approvedNext")}{" "}
              <a className={textLinkClass} href={portal}>
                {t("verification.openPortal")}
              </a>
            </p>
          ) : null}
          <div className="mt-6">
            <SignedInAs email={player.email} locale={locale} />
          </div>
        </Card>
        {view.status !== "approved" ? (
          <>
            <Card labelledBy="documents-title">
              <h2 id="documents-title" className="text-lg font-semibold text-slate-900">
                {words.documents.title}
              </h2>
              <div className="mt-3">
                <ActivationDocuments
                  words={words}
                  intro={t("verification.documents.intro", { maxMb: view.limits.maxBytes / 1024 / 1024, max: view.limits.maxDocuments })}
                  upload={view.editable ? uploadDocumentAction.bind(null, businessId) : null}
                  documents={view.documents.map((d) => ({
                    ...d,
                    href: `${portal}/activation/documents/${d.id}`,
                    removeLabel: t("verification.documents.removeLabel", { name: d.filename }),
                    remove: view.editable ? removeDocumentAction.bind(null, { businessId, documentId: d.id }) : null,
                  }))}
                />
              </div>
            </Card>
            <Card labelledBy="application-title">
              <h2 id="application-title" className="text-lg font-semibold text-slate-900">
                {words.form.title}
              </h2>
              <p className="mt-1 text-sm text-slate-700">{view.editable ? words.form.intro : words.form.readOnly}</p>
              <div className="mt-4">
                <ActivationForm action={applicationAction.bind(null, businessId)} values={view.application} words={words} editable={view.editable} />
              </div>
            </Card>
          </>
        ) : null}
      </div>
    </HostedLayout>
  );
};

export default BusinessVerificationPage;

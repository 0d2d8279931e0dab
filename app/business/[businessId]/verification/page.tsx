// The business verification (KYB) page: /business/{businessId}/verification, the `kyb` link a platform gets
// when it creates a business. A signed-in admin of the business (its owner, or a member with the admin role) sees
// where its activation stands and completes the application to go live: the same form, documents and services as
// the portal's "Go live" page (lib/activation). A signed-out visitor is asked to sign in (or sign up with the member
// email); anyone else gets a 404. In the browser's language ("platform" catalog, verification.*).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ActivationStatus, ActivationStatusBadge } from "@/components/activation/activation-status";
import { activationWords } from "@/components/activation/activation-words";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { MerchantHeader } from "@/components/hosted/merchant-header";
import { SignedInAs } from "@/components/hosted/signed-in-as";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { loadActivation } from "@/lib/activation/load-activation";
import { loadVerificationPage } from "@/lib/businesses/load-verification-page";
import { getDb } from "@/lib/db/client";
import { formatDate } from "@/lib/i18n/format";
import { applicationAction, removeDocumentAction, uploadDocumentAction } from "./actions";
import { ActivationApplication } from "@/components/activation/activation-application";
import { adminPageMetadata } from "../../_lib/admin-metadata";
import { openBusinessPage } from "../../_lib/open-business-page";

type Props = { params: Promise<{ businessId: string }> };

export const dynamic = "force-dynamic";

/** The business's name is in the title for its admins only; anyone else sees the page's generic title. */
export const generateMetadata = async ({ params }: Props): Promise<Metadata> => adminPageMetadata((await params).businessId, "verification");

const BusinessVerificationPage = async ({ params }: Props) => {
  const { businessId } = await params;
  const { locale, t, player, signInCard } = await openBusinessPage({ heading: "verification.title", lead: "verification.signIn" });
  if (!player) return signInCard;
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
          <ActivationApplication
            view={view}
            words={words}
            t={t}
            documentsBase={`${portal}/activation/documents`}
            upload={uploadDocumentAction.bind(null, businessId)}
            remove={(documentId) => removeDocumentAction.bind(null, { businessId, documentId })}
            apply={applicationAction.bind(null, businessId)}
          />
        ) : null}
      </div>
    </HostedLayout>
  );
};

export default BusinessVerificationPage;

// The business verification (KYB) page: /business/{businessId}/verification, the `kyb` link a platform gets
// when it creates a business. A signed-in admin of the business sees its verification status; a signed-out
// visitor is asked to sign in (or sign up with the member email); anyone else gets a 404. In the browser's
// language ("platform" catalog, verification.*).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuthForm } from "@/components/hosted/auth-form";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { MerchantHeader } from "@/components/hosted/merchant-header";
import { hostedMetadata } from "@/components/hosted/page-metadata";
import { SignedInAs } from "@/components/hosted/signed-in-as";
import { VerificationBadge } from "@/components/hosted/verification-status";
import { Card } from "@/components/ui/card";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { loadVerificationPage } from "@/lib/businesses/load-verification-page";
import { getDb } from "@/lib/db/client";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";
import { requestResetAction, signUpAction } from "../../../account/actions";
import { adminBusinessOf } from "../../_lib/admin-business";

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
  const page = await loadVerificationPage({ db: getDb(), player: { playerId: player.playerId, email: player.email } }, { businessId });
  if (!page) notFound();
  return (
    <HostedLayout locale={locale}>
      <Card labelledBy="title">
        <MerchantHeader merchant={page.merchant} locale={locale} />
        <h1 id="title" className="mt-6 text-2xl font-semibold tracking-tight text-slate-900">
          {t("verification.title")}
        </h1>
        <div className="mt-3">
          <VerificationBadge status={page.status} locale={locale} />
        </div>
        <p className="mt-3 text-sm leading-6 text-slate-700">{t(`verification.explain.${page.status}`)}</p>
        <div className="mt-6">
          <SignedInAs email={player.email} locale={locale} />
        </div>
      </Card>
    </HostedLayout>
  );
};

export default BusinessVerificationPage;

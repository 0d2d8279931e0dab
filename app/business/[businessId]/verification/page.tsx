// The business verification (KYB) page: /business/{businessId}/verification, the `kyb` link a platform gets
// when it creates a business. A signed-in admin of the business sees its verification status; a signed-out
// visitor is asked to sign in (or sign up with the member email); anyone else gets a 404.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuthForm } from "@/components/hosted/auth-form";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { MerchantHeader } from "@/components/hosted/merchant-header";
import { SignedInAs } from "@/components/hosted/signed-in-as";
import { VerificationBadge, verificationExplanation } from "@/components/hosted/verification-status";
import { Card } from "@/components/ui/card";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { loadVerificationPage } from "@/lib/businesses/load-verification-page";
import { getDb } from "@/lib/db/client";
import { requestResetAction, signUpAction } from "../../../account/actions";

type Props = { params: Promise<{ businessId: string }> };

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Business verification", robots: { index: false, follow: false } };

const BusinessVerificationPage = async ({ params }: Props) => {
  const { businessId } = await params;
  const player = await getSignedInPlayer();
  if (!player)
    return (
      <HostedLayout>
        <Card labelledBy="title">
          <h1 id="title" className="text-2xl font-semibold tracking-tight text-slate-900">
            Business verification
          </h1>
          <p className="mt-2 text-sm leading-6 text-slate-700">Sign in with the email that administers the business to see its verification status.</p>
          <div className="mt-6">
            <AuthForm mail={{ signUp: signUpAction, requestReset: requestResetAction }} />
          </div>
        </Card>
      </HostedLayout>
    );
  const page = await loadVerificationPage({ db: getDb(), player: { playerId: player.playerId, email: player.email } }, { businessId });
  if (!page) notFound();
  return (
    <HostedLayout>
      <Card labelledBy="title">
        <MerchantHeader merchant={page.merchant} />
        <h1 id="title" className="mt-6 text-2xl font-semibold tracking-tight text-slate-900">
          Business verification
        </h1>
        <div className="mt-3">
          <VerificationBadge status={page.status} />
        </div>
        <p className="mt-3 text-sm leading-6 text-slate-700">{verificationExplanation(page.status, "This business")}</p>
        <div className="mt-6">
          <SignedInAs email={player.email} />
        </div>
      </Card>
    </HostedLayout>
  );
};

export default BusinessVerificationPage;

// The business's home: /business/{businessId} (the `links.home` a platform gets when it creates a business).
// For an admin: where to manage the platforms connected to it, the invites waiting, and its verification.
// A signed-out visitor is asked to sign in; anyone else gets a 404.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PartyHeader } from "@/components/business/party-header";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { SignedInAs } from "@/components/hosted/signed-in-as";
import { Card } from "@/components/ui/card";
import { buttonClass, textLinkClass } from "@/components/ui/classes";
import { getDb } from "@/lib/db/client";
import { loadBusinessHome } from "@/lib/platform/load-business-pages";
import { adminPageMetadata } from "../_lib/admin-metadata";
import { openBusinessPage } from "../_lib/open-business-page";

type Props = { params: Promise<{ businessId: string }> };

export const dynamic = "force-dynamic";

/** The business's name is in the title for its admins only; anyone else sees the page's generic title. */
export const generateMetadata = async ({ params }: Props): Promise<Metadata> => adminPageMetadata((await params).businessId, "home");

const BusinessHomePage = async ({ params }: Props) => {
  const { businessId } = await params;
  const { locale, t, player, signInCard } = await openBusinessPage({ heading: "home.signInHeading", intro: "common.signInIntro" });
  if (!player) return signInCard;
  const page = await loadBusinessHome({ db: getDb() }, { businessId, player });
  if (!page) notFound();
  const base = `/business/${encodeURIComponent(businessId)}`;
  return (
    <HostedLayout locale={locale}>
      <Card labelledBy="title">
        <PartyHeader kind={t("common.business")} name={page.business.name} test={page.business.environment === "test"} locale={locale} />
        <h1 id="title" className="sr-only">
          {page.business.name}
        </h1>
        <div className="mt-6">
          <SignedInAs email={player.email} locale={locale} />
        </div>
        <ul className="mt-6 space-y-3">
          <li>
            <a className={buttonClass()} href={`${base}/platforms`}>
              {t("home.connected")}
            </a>
            <p className="mt-1.5 text-center text-xs text-slate-600">
              {t("home.connectedCount", { count: page.connectedPlatforms })} · {t("home.invitesCount", { count: page.pendingInvites })}
            </p>
          </li>
          <li>
            <a className={buttonClass({ variant: "secondary" })} href={`${base}/verification`}>
              {t("home.verification")}
            </a>
            <p className="mt-1.5 text-center text-xs text-slate-600">{t("home.verificationHint")}</p>
          </li>
        </ul>
        <p className="mt-6 text-center text-sm">
          <a className={textLinkClass} href="/business">
            {t("home.allBusinesses")}
          </a>
        </p>
      </Card>
    </HostedLayout>
  );
};

export default BusinessHomePage;

// The invite page: /business/invites/{inviteId}. A platform invited a business (POST /v1/platform/invites);
// an admin of that business signs in, sees the platform and every scope it asks for in plain words, and
// accepts (a grant) or declines. Nothing about the invite shows to anyone else, signed in or not.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { submitInviteDecision } from "./actions";
import { areaViews } from "@/components/business/area-views";
import { DecisionForm } from "@/components/business/decision-form";
import { PartyHeader } from "@/components/business/party-header";
import { ScopeList } from "@/components/business/scope-list";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { hostedMetadata } from "@/components/hosted/page-metadata";
import { SignedInAs } from "@/components/hosted/signed-in-as";
import { StateMessage } from "@/components/hosted/state-message";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getDb } from "@/lib/db/client";
import { getRequestLocale } from "@/lib/hosted/locale";
import { formatDate } from "@/lib/i18n/format";
import { getTranslator } from "@/lib/i18n/translator";
import { loadInvitePage, type InvitePage } from "@/lib/platform/load-business-pages";
import { openBusinessPage } from "../../_lib/open-business-page";

type Props = { params: Promise<{ inviteId: string }> };

export const dynamic = "force-dynamic";

/** The tab title's key: the invite's state ("meta.invite.*", naming the platform). */
const metaKey = (status: InvitePage["status"]) =>
  status === "pending" || status === "accepted" || status === "declined" ? `meta.invite.${status}` : "meta.invite.closed";

/** Only an admin of the invited business learns who invites it: anyone else sees a generic title. */
export const generateMetadata = async ({ params }: Props): Promise<Metadata> => {
  const { inviteId } = await params;
  const player = await getSignedInPlayer();
  const page = player ? await loadInvitePage({ db: getDb() }, { inviteId, player }) : null;
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "platform");
  if (!page)
    return player
      ? hostedMetadata({ locale, title: t("invite.titleNotFound"), description: t("invite.notFoundBody") })
      : hostedMetadata({ locale, title: t("invite.titlePending"), description: t("meta.invite.signedOutDescription") });
  const names = { platform: page.platform.name, business: page.business.name };
  return hostedMetadata({ locale, title: t(metaKey(page.status), names), description: t("meta.invite.description", names), siteName: page.platform.name });
};

const InviteDecisionPage = async ({ params }: Props) => {
  const { inviteId } = await params;
  const { locale, t, player, signInCard } = await openBusinessPage({ heading: "invite.titlePending", intro: "common.signInIntro", balance: true });
  if (!player) return signInCard;
  const page = await loadInvitePage({ db: getDb() }, { inviteId, player });
  if (!page) notFound();
  const platform = page.platform.name;
  const business = page.business.name;
  const manage = (
    <p className="mt-3">
      <a className={textLinkClass} href={`/business/${page.business.id}/platforms`}>
        {t("connect.manage", { business })}
      </a>
    </p>
  );
  return (
    <HostedLayout locale={locale}>
      <Card labelledBy="title">
        <PartyHeader kind={t("common.platform")} name={platform} test={page.business.environment === "test"} locale={locale} />
        <div className="mt-6">
          {page.status === "pending" ? (
            <>
              <h1 id="title" className="text-2xl font-semibold tracking-tight text-balance text-slate-900">
                {t("invite.heading", { platform, business })}
              </h1>
              <p className="mt-2 text-sm leading-6 text-slate-700">{t("invite.intro", { platform, business })}</p>
              <div className="mt-5">
                <p id="asks" className="mb-2 text-sm font-medium text-slate-800">
                  {t("common.asksFor", { platform })}
                </p>
                <ScopeList areas={areaViews(page.groups, t)} labelledBy="asks" />
                <p className="mt-3 text-xs text-slate-600">{t("invite.expiresAt", { date: formatDate(locale, page.expiresAt) })}</p>
              </div>
              <div className="mt-6 space-y-5">
                <SignedInAs email={player.email} locale={locale} />
                <DecisionForm
                  action={submitInviteDecision.bind(null, inviteId)}
                  buttons={[
                    { value: "accept", label: t("invite.accept"), pendingLabel: t("invite.accepting") },
                    { value: "decline", label: t("invite.decline"), pendingLabel: t("invite.declining"), variant: "secondary" },
                  ]}
                />
              </div>
            </>
          ) : page.status === "accepted" ? (
            <StateMessage tone="success" title={t("invite.titleAccepted")} headingId="title">
              <p>{t("invite.acceptedBody", { platform, business })}</p>
              {manage}
            </StateMessage>
          ) : page.status === "declined" ? (
            <StateMessage tone="info" title={t("invite.titleDeclined")} headingId="title">
              <p>{t("invite.declinedBody", { platform, business })}</p>
            </StateMessage>
          ) : (
            <StateMessage tone="warning" title={t("invite.titleClosed")} headingId="title">
              <p>{t("invite.closedBody", { status: page.status })}</p>
              {manage}
            </StateMessage>
          )}
        </div>
      </Card>
    </HostedLayout>
  );
};

export default InviteDecisionPage;

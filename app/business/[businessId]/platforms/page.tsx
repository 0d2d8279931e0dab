// Connected platforms: /business/{businessId}/platforms. For an admin of the business: every platform with
// an active grant, what it may do (in plain words, by area), when it was connected, its last activity, and
// a button that revokes its access; then the platform invites waiting for an answer. Anyone else: a 404.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { submitRevoke } from "./actions";
import { areaViews } from "@/components/business/area-views";
import { DecisionForm } from "@/components/business/decision-form";
import { PartyHeader } from "@/components/business/party-header";
import { ScopeList } from "@/components/business/scope-list";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { SignedInAs } from "@/components/hosted/signed-in-as";
import { Card } from "@/components/ui/card";
import { buttonClass } from "@/components/ui/classes";
import { getDb } from "@/lib/db/client";
import { formatDate } from "@/lib/i18n/format";
import { loadConnectedPlatforms } from "@/lib/platform/load-business-pages";
import { adminPageMetadata } from "../../_lib/admin-metadata";
import { openBusinessPage } from "../../_lib/open-business-page";

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ revoked?: string | string[] }> };

export const dynamic = "force-dynamic";

/** The business's name is in the title for its admins only; anyone else sees the page's generic title. */
export const generateMetadata = async ({ params }: Props): Promise<Metadata> => adminPageMetadata((await params).businessId, "platforms");

const ConnectedPlatformsPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const { revoked } = await searchParams;
  const { locale, t, player, signInCard } = await openBusinessPage({ heading: "platforms.heading", intro: "common.signInIntro" });
  if (!player) return signInCard;
  const page = await loadConnectedPlatforms({ db: getDb() }, { businessId, player, revokedGrantId: typeof revoked === "string" ? revoked : null });
  if (!page) notFound();
  const business = page.business.name;
  return (
    <HostedLayout locale={locale}>
      <Card labelledBy="title">
        <PartyHeader kind={t("common.business")} name={business} test={page.business.environment === "test"} locale={locale} />
        <h1 id="title" className="mt-6 text-2xl font-semibold tracking-tight text-slate-900">
          {t("platforms.heading")}
        </h1>
        <p className="mt-2 text-sm leading-6 text-slate-700">{t("platforms.intro", { business })}</p>
        <div className="mt-4">
          <SignedInAs email={player.email} locale={locale} />
        </div>
        {page.revokedPlatform ? (
          <p role="status" className="mt-4 rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset">
            {t("platforms.revoked", { platform: page.revokedPlatform, business })}
          </p>
        ) : null}
        {page.grants.length === 0 ? (
          <p className="mt-6 text-sm text-slate-700">{t("platforms.none", { business })}</p>
        ) : (
          <ul aria-label={t("platforms.heading")} className="mt-6 space-y-6">
            {page.grants.map((g) => (
              <li key={g.grantId} aria-labelledby={`grant-${g.grantId}`} className="border-t border-slate-200 pt-5">
                <h2 id={`grant-${g.grantId}`} className="text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">
                  {g.platform.name}
                </h2>
                <p className="mt-1 text-xs text-slate-600">
                  {t("platforms.granted", { date: formatDate(locale, g.grantedAt) })} ·{" "}
                  {g.lastUsedAt ? t("platforms.lastActivity", { date: formatDate(locale, g.lastUsedAt) }) : t("platforms.neverUsed")}
                </p>
                <div className="mt-3">
                  <ScopeList areas={areaViews(g.groups, t)} />
                </div>
                <div className="mt-3">
                  <DecisionForm
                    action={submitRevoke.bind(null, businessId, g.grantId)}
                    buttons={[{ value: "revoke", label: t("platforms.revoke"), pendingLabel: t("platforms.revoking"), variant: "secondary" }]}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
        <section aria-labelledby="invites" className="mt-8 border-t border-slate-200 pt-5">
          <h2 id="invites" className="text-lg font-semibold text-slate-900">
            {t("platforms.invitesHeading")}
          </h2>
          {page.invites.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">{t("platforms.invitesNone")}</p>
          ) : (
            <ul className="mt-3 space-y-3">
              {page.invites.map((i) => (
                <li key={i.inviteId}>
                  <a className={buttonClass({ variant: "secondary" })} href={`/business/invites/${i.inviteId}`}>
                    {t("platforms.openInvite", { platform: i.platform.name })}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </Card>
    </HostedLayout>
  );
};

export default ConnectedPlatformsPage;

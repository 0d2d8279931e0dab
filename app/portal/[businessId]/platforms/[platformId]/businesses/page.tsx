// /portal/{businessId}/platforms/{platformId}/businesses: the businesses connected to a platform the business
// registered, in the selected environment: each grant (scopes, status, how it was granted, when, last use)
// and the business's activation status (the five verification statuses; "pending" reads "Submitted — in
// review"). Members with platforms:read; another business's platform is a 404.
import type { Metadata } from "next";
import { environmentOf } from "@/components/portal/env-href";
import { PlatformTabs, ScopeChips } from "@/components/portal/platform-parts";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import type { VerificationStatus } from "@/lib/businesses/verification-statuses";
import { loadPortalPlatformBusinesses } from "@/lib/portal/load-portal-platform-businesses";
import { getTranslator } from "@/lib/i18n/translator";
import { portalPage, segmentText } from "../../../../_lib/page";
import { getPortalLocale } from "../../../../_lib/portal-locale";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-more")("connected.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string; platformId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const ACTIVATION: Record<VerificationStatus, "success" | "warning" | "danger" | "neutral"> = {
  not_started: "neutral",
  pending: "warning",
  approved: "success",
  rejected: "danger",
  action_required: "warning",
};

const SOURCES = new Set(["link_session", "invite", "direct"]);

const ConnectedBusinessesPage = async ({ params, searchParams }: Props) => {
  const { businessId, platformId: raw } = await params;
  const platformId = segmentText(raw);
  const environment = environmentOf((await searchParams).env);
  const base = `/portal/${businessId}/platforms/${encodeURIComponent(platformId)}`;
  return portalPage(
    { businessId, environment, current: "platforms", load: (ctx) => loadPortalPlatformBusinesses(ctx, { businessId, platformId, environment }) },
    ({ platform, grants }, frame) => {
      const t = getTranslator(frame.locale, "portal-more");
      const when = (d: string | null) => (d ? `${d.slice(0, 16).replace("T", " ")} UTC` : t("connected.never"));
      return (
        <PortalPageShell
          {...frame}
          translated
          here={`${base}/businesses`}
          title={platform.name}
          back={{ href: `/portal/${businessId}/platforms`, label: t("connected.back") }}
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">{t("connected.intro", { environment })}</p>
              <PlatformTabs base={base} current="businesses" environment={environment} locale={frame.locale} />
            </>
          }
        >
          <Card labelledBy="connected">
            <h2 id="connected" className="text-lg font-semibold text-slate-900">
              {t("connected.title")}
            </h2>
            {grants.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700">
                {t.rich("connected.empty", { environment, code: (chunks) => <code className="font-mono text-xs">{chunks}</code> })}
              </p>
            ) : (
              <ul className="mt-4 space-y-3" aria-label={t("connected.title")}>
                {grants.map((g) => (
                  <li key={g.grantId} className="rounded-lg p-4 ring-1 ring-slate-200 ring-inset" data-testid={`grant-${g.grantId}`}>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900">{g.businessName}</p>
                      <div className="flex flex-wrap gap-2">
                        <Badge tone={g.status === "active" ? "success" : "danger"} dot>
                          {t("connected.grant", { status: g.status })}
                        </Badge>
                        <Badge tone={ACTIVATION[g.activation]}>{t("connected.activation", { status: t(`connected.status.${g.activation}`) })}</Badge>
                      </div>
                    </div>
                    <dl className="mt-2 grid gap-1 text-xs text-slate-700 sm:grid-cols-2 lg:grid-cols-4">
                      <div className="min-w-0">
                        <dt className="inline text-slate-600">{t("connected.businessId")}</dt>
                        <dd className="inline font-mono [overflow-wrap:anywhere]">{g.businessId}</dd>
                      </div>
                      <div>
                        <dt className="inline text-slate-600">{t("connected.grantedBy")}</dt>
                        <dd className="inline">
                          {SOURCES.has(g.source) ? t(`connected.source.${g.source}`) : g.source}, {when(g.createdAt)}
                        </dd>
                      </div>
                      <div>
                        <dt className="inline text-slate-600">{t("connected.lastUsed")}</dt>
                        <dd className="inline">{when(g.lastUsedAt)}</dd>
                      </div>
                      {g.revokedAt ? (
                        <div>
                          <dt className="inline text-slate-600">{t("connected.revoked")}</dt>
                          <dd className="inline">
                            {when(g.revokedAt)}
                            {g.revokedBy ? t("connected.revokedBy", { by: g.revokedBy }) : ""}
                          </dd>
                        </div>
                      ) : null}
                    </dl>
                    <details className="mt-2 text-xs text-slate-700">
                      <summary className="min-h-11 cursor-pointer content-center font-semibold text-slate-900">
                        {t("connected.scopesGranted", { count: g.grantedScopes.length })}
                      </summary>
                      <ScopeChips scopes={g.grantedScopes} label={t("connected.scopesLabel", { business: g.businessName })} empty={t("connected.none")} />
                    </details>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </PortalPageShell>
      );
    },
  );
};

export default ConnectedBusinessesPage;

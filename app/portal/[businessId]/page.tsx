// /portal/{businessId}: the Overview. The business, how many games it has in test and in live, the
// first-hour checklist (folded once every step is done), the dashboard of the selected environment (the last 30 days in charts, each with its numbers) and its games
// (test data marked). Any member may see it.
import type { Metadata } from "next";
import { getTranslator } from "@/lib/i18n/translator";
import { DashboardPanel } from "@/components/portal/dashboard-panel";
import { environmentOf } from "@/components/portal/env-href";
import { FirstHourChecklist } from "@/components/portal/first-hour-checklist";
import { GamesList } from "@/components/portal/games-list";
import { Card } from "@/components/ui/card";
import { loadPortalOverview } from "@/lib/portal/load-portal-overview";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../_lib/page";
import { getPortalLocale } from "../_lib/portal-locale";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal")("overview.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const OverviewPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  return portalPage(
    { businessId, environment, current: "overview", reads: "replica", load: (ctx) => loadPortalOverview(ctx, { businessId, environment }) },
    ({ member, counts, games, dashboard, checklist }, frame) => {
      const t = getTranslator(frame.locale, "portal");
      return (
        <PortalPageShell
          {...frame}
          title={t("overview.title")}
          translated
          intro={
            <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
              <div className="rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200 ring-inset">
                <dt className="text-amber-900">{t("overview.testGames")}</dt>
                <dd className="text-2xl font-semibold text-slate-900" data-testid="count-test">
                  {counts.test}
                </dd>
              </div>
              <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
                <dt className="text-slate-700">{t("overview.liveGames")}</dt>
                <dd className="text-2xl font-semibold text-slate-900" data-testid="count-live">
                  {counts.live}
                </dd>
              </div>
            </dl>
          }
        >
          <FirstHourChecklist businessId={businessId} checklist={checklist} permissions={member.permissions} />
          <DashboardPanel dashboard={dashboard} locale={frame.locale} />
          <Card labelledBy="games-title">
            <h2 id="games-title" className="text-lg font-semibold text-slate-900">
              {t(environment === "test" ? "overview.testGames" : "overview.liveGames")}
            </h2>
            <GamesList businessId={businessId} environment={environment} games={games} locale={frame.locale} />
          </Card>
        </PortalPageShell>
      );
    },
  );
};

export default OverviewPage;

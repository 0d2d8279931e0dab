// /portal/{businessId}/timeline/{objectId}: one object's story in time order: the API requests that named
// it, its changes (audit entries), its ledger journals, its webhook events and their deliveries with every
// attempt. A purchase, link session or distribution shows its facts on top. Another business's object: 404.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { envHref, environmentOf } from "@/components/portal/env-href";
import { TimelineList } from "@/components/portal/timeline-list";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { getTranslator } from "@/lib/i18n/translator";
import { loadObjectTimeline } from "@/lib/portal/load-object-timeline";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../../_lib/page";
import { getPortalLocale } from "../../../_lib/portal-locale";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-money")("timeline.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string; objectId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const TimelinePage = async ({ params, searchParams }: Props) => {
  const { businessId, objectId } = await params;
  const environment = environmentOf((await searchParams).env);
  const base = `/portal/${encodeURIComponent(businessId)}`;
  return portalPage(
    { businessId, environment, current: "logs", load: (ctx) => loadObjectTimeline(ctx, { businessId, objectId: decodeURIComponent(objectId) }) },
    ({ object, items }, frame) => {
      if (!object) notFound();
      const t = getTranslator(frame.locale, "portal-money");
      return (
        // its own first card: the object's kind and id are the heading, its status and environment (if any) the badges
        <PortalPageShell {...frame} translated back={{ href: envHref(`${base}/logs`, environment), label: t("timeline.back") }}>
          <Card labelledBy="title">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h1 id="title" className="min-w-0 text-2xl font-semibold tracking-tight text-slate-900">
                {t("timeline.kind", { kind: object.kind })} <span className="font-mono text-lg [overflow-wrap:anywhere]">{object.id}</span>
              </h1>
              <div className="flex flex-wrap gap-2">
                {object.status ? <Badge tone="neutral">{object.status}</Badge> : null}
                {object.environment === "test" ? (
                  <Badge tone="warning">{t("timeline.test")}</Badge>
                ) : object.environment === "live" ? (
                  <Badge tone="success">{t("timeline.live")}</Badge>
                ) : null}
              </div>
            </div>
            {object.facts.length ? (
              <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {object.facts.map((f) => (
                  <div key={f.label} className="min-w-0">
                    <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                      {t.has(`timeline.list.fact.${f.label}`) ? t(`timeline.list.fact.${f.label}`) : f.label}
                    </dt>
                    <dd className="mt-0.5 text-sm [overflow-wrap:anywhere] text-slate-900">{f.value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="mt-2 text-sm text-slate-700">{t("timeline.everything")}</p>
            )}
          </Card>
          <Card labelledBy="timeline">
            <h2 id="timeline" className="text-lg font-semibold text-slate-900">
              {t("timeline.title")}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{t("timeline.intro")}</p>
            <div className="mt-5">
              {items.length ? (
                <TimelineList t={t} kind={object.kind} items={items} requestHref={(id) => envHref(`${base}/logs/${encodeURIComponent(id)}`, environment)} />
              ) : (
                <p className="text-sm text-slate-700">{t("timeline.nothing")}</p>
              )}
            </div>
          </Card>
        </PortalPageShell>
      );
    },
  );
};

export default TimelinePage;

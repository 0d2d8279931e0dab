// The request log's pages, for the business (/portal/{businessId}/logs) and for a platform it registered
// (/portal/{businessId}/platforms/{platformId}/logs): the list with its filters, and one request's detail. The
// pages pass whose calls they show (load-request-log.ts requestLogScope checks the member and the platform).
import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { envHref } from "@/components/portal/env-href";
import { LogExplanation } from "@/components/portal/log-explanation";
import { LogFilters } from "@/components/portal/log-filters";
import { LogList } from "@/components/portal/log-list";
import { MethodTag, StatusBadge, StoredBody, utc } from "@/components/portal/log-parts";
import type { NavKey } from "@/components/portal/portal-frame";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import type { Environment } from "@/lib/core/environment";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { loadRequestDetail } from "@/lib/portal/load-request-detail";
import { loadRequestLog } from "@/lib/portal/load-request-log";
import { portalPage } from "./page";

/** Whose log: the business's, or (platformId) a platform's; `base` the list's path; title, intro and empty line are
 * given the "portal-logs" translator in the member's language. */
export type RequestLogSubject = {
  businessId: string;
  platformId?: string;
  environment: Environment;
  current: NavKey;
  /** the list's path (its requests' pages are below it) */
  base: string;
  /** the business's log's title (a platform's log is titled with the platform's name) */
  title: (t: Translator) => string;
  /** where the Test/Live switch leads (default: the nav item's page) */
  here?: string;
  /** what the title card says, under the title (the platform's tabs, …) */
  intro: (t: Translator, locale: Locale) => ReactNode;
  /** the list's "no requests yet" line */
  empty: (t: Translator) => string;
};

export const RequestLogPage = async ({ subject, query }: { subject: RequestLogSubject; query: Record<string, string | string[] | undefined> }) => {
  const { businessId, platformId, environment, current, base } = subject;
  return portalPage(
    { businessId, environment, current, reads: "replica", load: (ctx) => loadRequestLog(ctx, { businessId, platformId, environment, filters: query }) },
    ({ rows, keys, filters, nextBefore, platform }, frame) => {
      const t = getTranslator(frame.locale, "portal-logs");
      const keyLabel = (keyId: string | null) => {
        const k = keys.find((x) => x.keyId === keyId);
        return k ? `${k.prefix}…${k.label ? ` (${k.label})` : ""}` : t("log.none");
      };
      const nextHref = () => {
        const q = new URLSearchParams();
        for (const [k, v] of Object.entries(filters)) if (v && k !== "before") q.set(k, String(v));
        if (environment === "live") q.set("env", "live");
        q.set("before", nextBefore!);
        return `${base}?${q.toString()}`;
      };
      const filtered = Object.values(filters).some(Boolean);
      return (
        <PortalPageShell
          {...frame}
          translated
          here={subject.here}
          title={platform ? platform.name : subject.title(t)}
          back={platform ? { href: `/portal/${businessId}/platforms`, label: t("log.back") } : undefined}
          intro={
            <>
              {subject.intro(t, frame.locale)}
              <div className="mt-5">
                <LogFilters action={base} environment={environment} filters={filters} keys={keys} locale={frame.locale} />
              </div>
            </>
          }
        >
          <Card labelledBy="results">
            <h2 id="results" className="text-lg font-semibold text-slate-900">
              {filtered ? t("log.matching") : t("log.recent")}
            </h2>
            {rows.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700" role="status">
                {filtered ? t("log.noMatch") : subject.empty(t)}
              </p>
            ) : (
              <div className="mt-4">
                <LogList locale={frame.locale} rows={rows} keyLabel={keyLabel} hrefOf={(id) => envHref(`${base}/${encodeURIComponent(id)}`, environment)} />
              </div>
            )}
            {nextBefore ? (
              <p className="mt-4">
                <a className={textLinkClass} href={nextHref()}>
                  {t("log.older")}
                </a>
              </p>
            ) : null}
          </Card>
        </PortalPageShell>
      );
    },
  );
};

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="min-w-0">
    <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
    <dd className="mt-0.5 text-sm [overflow-wrap:anywhere] text-slate-900">{children}</dd>
  </div>
);

/** One request of the subject's log; `timelines`: the business's object timelines (a platform's requests name other businesses' objects: none). */
export const RequestDetailPage = async ({
  subject,
  requestId,
  timelines,
}: {
  subject: Pick<RequestLogSubject, "businessId" | "platformId" | "environment" | "current" | "base">;
  requestId: string;
  timelines: boolean;
}) => {
  const { businessId, platformId, environment, current, base } = subject;
  const timelineBase = `/portal/${encodeURIComponent(businessId)}/timeline`;
  return portalPage(
    { businessId, environment, current, load: (ctx) => loadRequestDetail(ctx, { businessId, platformId, requestId }) },
    ({ request: r, key, explanation, firstWithSameKey }, frame) => {
      if (!r) notFound();
      const t = getTranslator(frame.locale, "portal-logs");
      return (
        // its own first card: the request's method, path and status are the heading
        <PortalPageShell {...frame} translated back={{ href: envHref(base, environment), label: t("detail.back") }}>
          <Card labelledBy="title">
            <h1 id="title" className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight text-slate-900">
              <MethodTag method={r.method} />
              <span className="min-w-0 font-mono text-lg [overflow-wrap:anywhere]">{r.path}</span>
              <StatusBadge status={r.status} label={t("row.status")} />
            </h1>
            <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Row label={t("detail.requestId")}>
                <span className="font-mono" data-testid="request-id">
                  {r.requestId}
                </span>
              </Row>
              <Row label={t("detail.time")}>{utc(r.createdAt)}</Row>
              <Row label={t("detail.latency")}>{t("row.ms", { ms: r.latencyMs })}</Row>
              <Row label={t("detail.key")}>{key ? `${key.prefix}… ${key.label ? `(${key.label})` : ""} · ${key.kind}` : t("detail.noKey")}</Row>
              <Row label={t("detail.idempotencyKey")}>
                <span className="font-mono">{r.idempotencyKey ?? t("detail.none")}</span>
              </Row>
              <Row label={t("detail.environment")}>{t("detail.environmentValue", { environment: r.environment ?? "unknown" })}</Row>
              {r.errorCode ? (
                <Row label={t("detail.errorCode")}>
                  <span className="font-mono">{r.errorCode}</span>
                </Row>
              ) : null}
            </dl>
            {timelines && r.objectIds.length ? (
              <div className="mt-5">
                <h2 className="text-sm font-semibold text-slate-900">{t("detail.objects")}</h2>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {r.objectIds.map((id) => (
                    <li key={id}>
                      <a
                        className={`inline-flex min-h-11 items-center rounded-lg bg-slate-100 px-3 font-mono text-sm ${textLinkClass}`}
                        href={envHref(`${timelineBase}/${encodeURIComponent(id)}`, environment)}
                      >
                        <span className="sr-only">{t("detail.timelineOf")}</span>
                        {id}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </Card>
          {explanation ? (
            <LogExplanation explanation={explanation} locale={frame.locale}>
              {firstWithSameKey ? (
                <p className="mt-3 text-sm text-slate-800">
                  {t("detail.firstSame")}{" "}
                  <a className={textLinkClass} href={envHref(`${base}/${encodeURIComponent(firstWithSameKey.requestId)}`, environment)}>
                    {firstWithSameKey.method} {firstWithSameKey.path} → {firstWithSameKey.status}
                  </a>{" "}
                  {t("detail.firstSameAt", { time: utc(firstWithSameKey.createdAt) })}
                </p>
              ) : null}
            </LogExplanation>
          ) : null}
          <Card labelledBy="bodies">
            <h2 id="bodies" className="text-lg font-semibold text-slate-900">
              {t("detail.bodies")}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{t("detail.bodiesIntro")}</p>
            <div className="mt-4 grid gap-4">
              <StoredBody label={t("detail.requestBody")} body={r.requestBody} none={t("detail.bodyNone", { label: t("detail.requestBody") })} />
              <StoredBody label={t("detail.responseBody")} body={r.responseBody} none={t("detail.bodyNone", { label: t("detail.responseBody") })} />
            </div>
          </Card>
        </PortalPageShell>
      );
    },
  );
};

// The request log's rows: one link per request to its detail page, showing method, path, status, latency,
// time, request id and Idempotency-Key. A list of blocks rather than a wide table, so it reads on a phone.
import type { RequestLogRow } from "@/lib/portal/load-request-log";
import { focusRing } from "@/components/ui/classes";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";
import { MethodTag, StatusBadge, utc } from "./log-parts";

export const LogList = ({
  rows,
  hrefOf,
  keyLabel,
  locale = "en",
}: {
  rows: RequestLogRow[];
  hrefOf: (requestId: string) => string;
  keyLabel: (keyId: string | null) => string;
  locale?: Locale;
}) => {
  const t = getTranslator(locale, "portal-logs");
  return (
    <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200" aria-label={t("row.list")}>
      {rows.map((r) => (
        <li key={r.requestId} data-testid="log-row" data-request-id={r.requestId}>
          <a href={hrefOf(r.requestId)} className={`block rounded-xl p-3 hover:bg-slate-50 ${focusRing}`}>
            <span className="flex flex-wrap items-center gap-2">
              <MethodTag method={r.method} />
              <span className="min-w-0 flex-1 font-mono text-sm font-semibold [overflow-wrap:anywhere] text-slate-900">{r.path}</span>
              <StatusBadge status={r.status} label={t("row.status")} />
            </span>
            <span className="mt-2 grid gap-x-4 gap-y-1 text-xs text-slate-700 sm:grid-cols-2 lg:grid-cols-4">
              <span>
                <span className="text-slate-600">{t("row.time")} </span>
                {utc(r.createdAt)}
              </span>
              <span>
                <span className="text-slate-600">{t("row.latency")} </span>
                {t("row.ms", { ms: r.latencyMs })}
              </span>
              <span className="[overflow-wrap:anywhere]">
                <span className="text-slate-600">{t("row.requestId")} </span>
                <span className="font-mono">{r.requestId}</span>
              </span>
              <span className="[overflow-wrap:anywhere]">
                <span className="text-slate-600">{t("row.idempotencyKey")} </span>
                <span className="font-mono">{r.idempotencyKey ?? t("row.none")}</span>
              </span>
              <span className="[overflow-wrap:anywhere]">
                <span className="text-slate-600">{t("row.key")} </span>
                {keyLabel(r.apiKeyId)}
              </span>
              {r.errorCode ? (
                <span className="[overflow-wrap:anywhere]">
                  <span className="text-slate-600">{t("row.error")} </span>
                  <span className="font-mono">{r.errorCode}</span>
                </span>
              ) : null}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
};

// The delivery log of the portal's webhooks page: a filter form (endpoint, event, status, time; a GET, so a
// filtered view is a link), then each delivery, newest first: its event, status, endpoint and time, and
// opened, the body sent and every attempt with its request headers (signatures, never the secret), status,
// latency, response excerpt or error; a "Resend" button for a member who may change webhooks.
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClass, inputClass, labelClass, textLinkClass } from "@/components/ui/classes";
import type { PortalDelivery, WebhookLogFilter } from "@/lib/portal/load-portal-webhooks";
import type { EndpointSummary } from "@/lib/webhooks/list-webhook-endpoints";
import { timeLeft } from "@/lib/portal/time-left";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { PortalForm, type PortalAction } from "./portal-form";

const STATUS_TONE: Record<string, "success" | "warning" | "danger" | "neutral"> = {
  succeeded: "success",
  retrying: "warning",
  failed: "danger",
  pending: "neutral",
};
const when = (d: Date) => `${d.toISOString().slice(0, 19).replace("T", " ")} UTC`;
const local = (d: Date | undefined) => (d ? d.toISOString().slice(0, 16) : "");
const pretty = (body: string) => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};

const nextIn = (at: Date, t: Translator, locale: Locale) =>
  at.getTime() <= Date.now() ? t("webhooks.log.dueNow") : t("webhooks.log.in", { left: timeLeft(at, new Date(), locale) });
/** A delivery status in the reader's words (an unknown one as recorded). */
const statusName = (t: Translator, status: string) => (t.has(`webhooks.log.statuses.${status}`) ? t(`webhooks.log.statuses.${status}`) : status);

export type LogProps = {
  deliveries: PortalDelivery[];
  endpoints: EndpointSummary[];
  eventNames: string[];
  filter: WebhookLogFilter;
  /** hidden fields the filter form keeps (env, game) */
  keep: Record<string, string>;
  /** the same page with a page number */
  pageHref: (page: number) => string;
  pagination: { page: number; totalPages: number; totalCount: number };
  resend: ((deliveryId: string) => PortalAction) | null;
  /** the reader's language (English when not given) */
  locale?: Locale;
};

/** One labelled block of text as it was sent or answered (headers, a body, a response excerpt). */
const Excerpt = ({ label, children, on }: { label: string; children: string; on: "white" | "slate" }) => (
  <div>
    <p className="text-xs font-semibold text-slate-700">{label}</p>
    <pre
      className={`mt-1 rounded p-2 text-xs whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-900 ring-1 ring-slate-200 ${on === "white" ? "bg-white" : "bg-slate-50"}`}
    >
      {children}
    </pre>
  </div>
);

/** One field of the filter form: its label above its control. */
const FilterField = ({ id, label, className = "", children }: { id: string; label: string; className?: string; children: ReactNode }) => (
  <div className={`min-w-0 ${className}`.trim()}>
    <label htmlFor={id} className={labelClass}>
      {label}
    </label>
    {children}
  </div>
);

/** A filter that picks one of `options` ([value, label]), or none (`any`, the empty value). */
const FilterSelect = ({
  id,
  label,
  name,
  value,
  any,
  options,
  className,
}: {
  id: string;
  label: string;
  name: string;
  value: string | undefined;
  any: string;
  options: [value: string, label: string][];
  className?: string;
}) => (
  <FilterField id={id} label={label} className={className}>
    <select id={id} name={name} defaultValue={value ?? ""} className={inputClass}>
      <option value="">{any}</option>
      {options.map(([v, l]) => (
        <option key={v} value={v}>
          {l}
        </option>
      ))}
    </select>
  </FilterField>
);

const Attempt = ({ a, t }: { a: PortalDelivery["attemptLog"][number]; t: Translator }) => (
  <li className="space-y-2 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
    <div>
      <p className="text-sm text-slate-900">
        <span className="font-semibold">{t("webhooks.log.attempt", { n: a.attempt })}</span> · {when(a.createdAt)} ·{" "}
        {a.statusCode === null ? t("webhooks.log.noAnswer") : `HTTP ${a.statusCode}`} · {a.latencyMs} ms
      </p>
      {a.error ? <p className="mt-1 text-sm [overflow-wrap:anywhere] text-red-800">{a.error}</p> : null}
    </div>
    {a.requestHeaders ? (
      <Excerpt label={t("webhooks.log.requestHeaders")} on="white">
        {Object.entries(a.requestHeaders)
          .map(([k, v]) => `${k}: ${v}`)
          .join("\n")}
      </Excerpt>
    ) : null}
    <Excerpt label={t("webhooks.log.response")} on="white">
      {a.responseExcerpt ?? (a.statusCode === null ? t("webhooks.log.none") : t("webhooks.log.notKept"))}
    </Excerpt>
  </li>
);

export const WebhookDeliveryLog = ({ deliveries, endpoints, eventNames, filter, keep, pageHref, pagination, resend, locale = DEFAULT_LOCALE }: LogProps) => {
  const t = getTranslator(locale, "portal-access");
  const w = (key: string, values?: Record<string, string | number>) => t(`webhooks.log.${key}`, values);
  return (
    <div>
      <form method="get" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6" aria-label={w("filterLabel")}>
        {Object.entries(keep).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <FilterSelect
          id="f-endpoint"
          label={w("endpoint")}
          name="endpointId"
          value={filter.endpointId}
          any={w("allEndpoints")}
          options={endpoints.map((e) => [e.id, `${e.primary ? w("primary") : e.description || w("endpointName")}: ${e.url ?? w("noUrl")}`])}
          className="lg:col-span-2"
        />
        <FilterSelect id="f-event" label={w("event")} name="event" value={filter.event} any={w("allEvents")} options={eventNames.map((n) => [n, n])} />
        <FilterSelect
          id="f-status"
          label={w("status")}
          name="status"
          value={filter.status}
          any={w("anyStatus")}
          options={["pending", "retrying", "succeeded", "failed"].map((st) => [st, statusName(t, st)])}
        />
        <FilterField id="f-since" label={w("from")}>
          <input id="f-since" name="since" type="datetime-local" defaultValue={local(filter.since)} className={inputClass} />
        </FilterField>
        <FilterField id="f-until" label={w("to")}>
          <input id="f-until" name="until" type="datetime-local" defaultValue={local(filter.until)} className={inputClass} />
        </FilterField>
        <div className="sm:col-span-2 lg:col-span-6 lg:w-48">
          <button type="submit" className={buttonClass({ variant: "secondary" })}>
            {w("filter")}
          </button>
        </div>
      </form>
      <p className="mt-4 text-sm text-slate-700" role="status">
        {pagination.totalCount === 0 ? w("noMatch") : w("count", { count: pagination.totalCount })}
      </p>
      <ul className="mt-3 space-y-3" aria-label={w("deliveries")}>
        {deliveries.map((d) => (
          <li
            key={d.id}
            className="rounded-lg ring-1 ring-slate-200 ring-inset"
            data-testid={`delivery-${d.id}`}
            data-event-id={d.eventId}
            data-status={d.status}
          >
            <details>
              <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                <span className="font-semibold text-slate-900">{d.event}</span>
                <Badge tone={STATUS_TONE[d.status] ?? "neutral"}>{statusName(t, d.status)}</Badge>
                <span className="text-slate-700">{w("attempts", { count: d.attempts })}</span>
                <span className="text-slate-700">{when(d.createdAt)}</span>
                {d.nextAttemptAt ? (
                  <span className="text-amber-900" data-testid="next-attempt">
                    {w("nextAttempt", { when: when(d.nextAttemptAt), in: nextIn(d.nextAttemptAt, t, locale) })}
                  </span>
                ) : null}
                <span className="min-w-0 font-mono text-xs [overflow-wrap:anywhere] text-slate-700">{d.url}</span>
              </summary>
              <div className="space-y-3 border-t border-slate-200 p-3">
                <dl className="grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[max-content_1fr]">
                  <dt className="text-slate-600">{w("eventId")}</dt>
                  <dd className="font-mono text-xs [overflow-wrap:anywhere] text-slate-900">{d.eventId}</dd>
                  <dt className="text-slate-600">{w("deliveryId")}</dt>
                  <dd className="font-mono text-xs [overflow-wrap:anywhere] text-slate-900">{d.id}</dd>
                  <dt className="text-slate-600">{w("object")}</dt>
                  <dd className="[overflow-wrap:anywhere]">{w("sequence", { type: d.objectType, id: d.objectId, sequence: d.sequence })}</dd>
                  {d.failureReason ? (
                    <>
                      <dt className="text-slate-600">{w("why")}</dt>
                      <dd>{d.failureReason}</dd>
                    </>
                  ) : null}
                  {d.recoveredAt ? (
                    <>
                      <dt className="text-slate-600">{w("recovered")}</dt>
                      <dd>{when(d.recoveredAt)}</dd>
                    </>
                  ) : null}
                </dl>
                <Excerpt label={w("requestBody")} on="slate">
                  {pretty(d.body)}
                </Excerpt>
                {d.attemptLog.length ? (
                  <ol className="space-y-2" aria-label={w("attemptsOf", { id: d.id })}>
                    {d.attemptLog.map((a) => (
                      <Attempt key={a.attempt} a={a} t={t} />
                    ))}
                  </ol>
                ) : (
                  <p className="text-sm text-slate-700">{w("noAttempt")}</p>
                )}
                {resend ? (
                  <div className="max-w-xs">
                    <PortalForm
                      action={resend(d.id)}
                      label={w("resend", { id: d.id })}
                      submit={w("resendSubmit")}
                      pendingLabel={w("resending")}
                      variant="secondary"
                    >
                      <p className="text-xs text-slate-600">{w("resendNote")}</p>
                    </PortalForm>
                  </div>
                ) : null}
              </div>
            </details>
          </li>
        ))}
      </ul>
      {pagination.totalPages > 1 ? (
        <nav aria-label={w("pages")} className="mt-4 flex flex-wrap items-center gap-4 text-sm">
          {pagination.page > 1 ? (
            <a className={textLinkClass} href={pageHref(pagination.page - 1)}>
              {w("newer")}
            </a>
          ) : null}
          <span className="text-slate-700">{w("page", { page: pagination.page, total: pagination.totalPages })}</span>
          {pagination.page < pagination.totalPages ? (
            <a className={textLinkClass} href={pageHref(pagination.page + 1)}>
              {w("older")}
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
};

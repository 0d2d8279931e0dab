// One object's timeline (lib/portal/load-object-timeline.ts) as an ordered list: each entry says what it is
// (request, change, journal, webhook event, delivery) with its time, and links requests to their detail.
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { textLinkClass } from "@/components/ui/classes";
import type { Translator } from "@/lib/i18n/translator";
import type { TimelineItem } from "@/lib/portal/load-object-timeline";
import { MethodTag, StatusBadge, utc } from "./log-parts";

const DOT: Record<TimelineItem["type"], string> = {
  created: "bg-slate-900",
  request: "bg-sky-700",
  change: "bg-violet-700",
  journal: "bg-emerald-700",
  event: "bg-amber-700",
  delivery: "bg-orange-700",
};

type Words = { t: Translator; kind: string };

const Body = ({ item, requestHref, t, kind }: { item: TimelineItem; requestHref: (requestId: string) => string } & Words): ReactNode => {
  switch (item.type) {
    case "created":
      return <p className="text-sm font-semibold text-slate-900 first-letter:uppercase">{t("timeline.list.created", { kind })}</p>;
    case "request":
      return (
        <a href={requestHref(item.requestId)} className={`flex flex-wrap items-center gap-2 ${textLinkClass}`}>
          <MethodTag method={item.method} />
          <span className="min-w-0 font-mono text-sm [overflow-wrap:anywhere]">{item.path}</span>
          <StatusBadge status={item.status} />
          <span className="text-xs text-slate-700">
            {item.latencyMs} ms{item.errorCode ? ` · ${item.errorCode}` : ""}
          </span>
        </a>
      );
    case "change":
      return (
        <p className="text-sm [overflow-wrap:anywhere] text-slate-900">
          <span className="font-mono font-semibold">{item.action}</span> {t("timeline.list.by", { actor: item.actor })}
          {item.requestId ? (
            <>
              {" "}
              (
              <a className={textLinkClass} href={requestHref(item.requestId)}>
                {t("timeline.list.request")}
              </a>
              )
            </>
          ) : null}
        </p>
      );
    case "journal":
      return (
        <div className="text-sm text-slate-900">
          <p>
            <span className="font-mono font-semibold">{item.journalType}</span> · {item.asset} · <span className="font-mono text-xs">{item.journalId}</span>
          </p>
          <ul className="mt-1 grid gap-0.5 text-xs text-slate-700">
            {item.postings.map((p, i) => (
              <li key={i} className="[overflow-wrap:anywhere]">
                {p.account}: <span className="font-mono">{p.delta.startsWith("-") ? p.delta : `+${p.delta}`}</span>
              </li>
            ))}
          </ul>
        </div>
      );
    case "event":
      return (
        <p className="text-sm [overflow-wrap:anywhere] text-slate-900">
          <span className="font-mono font-semibold">{item.event}</span>{" "}
          <span className="text-xs text-slate-700">{t("timeline.list.to", { owner: item.owner })}</span>
        </p>
      );
    case "delivery":
      return (
        <div className="text-sm text-slate-900">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono font-semibold">{item.event}</span>
            <Badge tone={item.status === "succeeded" ? "success" : item.status === "failed" ? "danger" : "warning"}>{item.status}</Badge>
          </p>
          <p className="mt-0.5 font-mono text-xs [overflow-wrap:anywhere] text-slate-700">{item.url}</p>
          {item.attempts.length ? (
            <ol className="mt-1 grid gap-0.5 text-xs text-slate-700" aria-label={t("timeline.list.attempts")}>
              {item.attempts.map((a) => (
                <li key={a.attempt}>
                  {t("timeline.list.attempt", {
                    attempt: a.attempt,
                    at: utc(a.at),
                    answer: a.statusCode ?? t("timeline.list.noAnswer"),
                    ms: a.latencyMs,
                    error: a.error ? ` (${a.error})` : "",
                  })}
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-1 text-xs text-slate-700">{t("timeline.list.noAttempt")}</p>
          )}
        </div>
      );
  }
};

/** `t`: the "portal-money" catalog in the member's language; `kind`: the object's kind (purchase, link_session, …) for its "created" line. */
export const TimelineList = ({ items, requestHref, t, kind }: { items: TimelineItem[]; requestHref: (requestId: string) => string } & Words) => (
  <ol className="relative grid gap-4 border-l-2 border-slate-200 pl-5" aria-label={t("timeline.list.label")}>
    {items.map((item, i) => (
      <li key={i} className="relative" data-testid={`timeline-${item.type}`}>
        <span aria-hidden="true" className={`absolute top-1.5 -left-[27px] size-3 rounded-full ring-2 ring-white ${DOT[item.type]}`} />
        <p className="text-xs text-slate-700">
          <span className="font-semibold text-slate-900">{t(`timeline.list.kinds.${item.type}`)}</span> ·{" "}
          <time dateTime={item.at.toISOString()}>{utc(item.at)}</time>
        </p>
        <div className="mt-1">
          <Body item={item} requestHref={requestHref} t={t} kind={kind} />
        </div>
      </li>
    ))}
  </ol>
);

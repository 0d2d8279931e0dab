// /portal/{businessId}/audit (audit:read): every change made in the portal (a member) or through the API
// (a key or a platform) to this business, newest first: who, what, when and the object. Filters are the
// page's search parameters; pages follow a cursor; "Export CSV" downloads everything the filters select.
import type { Metadata } from "next";
import { ErrorNotice } from "@/components/hosted/state-message";
import { AuditFiltersForm } from "@/components/portal/audit-filters-form";
import { envHref, environmentOf } from "@/components/portal/env-href";
import { Card } from "@/components/ui/card";
import { buttonClass, textLinkClass } from "@/components/ui/classes";
import { Table, Td, Th } from "@/components/ui/table";
import type { AuditRow } from "@/lib/audit/list-audit-entries";
import type { Environment } from "@/lib/core/environment";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { auditObjectLink, auditSentence } from "@/lib/portal/audit-sentence";
import { loadPortalAudit } from "@/lib/portal/load-portal-audit";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";
import { getPortalLocale } from "../../_lib/portal-locale";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-access")("audit.metaTitle") },
  robots: { index: false },
});

type Params = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<Params> };

const FILTER_NAMES = ["actor", "action", "objectType", "objectId", "from", "to"] as const;

const when = (d: Date) => `${d.toISOString().slice(0, 19).replace("T", " ")} UTC`;

/** The page's filters (and env) as a query string, plus `extra`. */
const queryOf = (raw: Record<(typeof FILTER_NAMES)[number], string>, env: string, extra: Record<string, string> = {}) => {
  const q = new URLSearchParams();
  for (const n of FILTER_NAMES) if (raw[n]) q.set(n, raw[n]);
  if (env === "live") q.set("env", "live");
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
};

/** The actor's kind in the reader's words (an unknown kind as recorded). */
const actorType = (t: Translator, type: string) => (t.has(`audit.actorType.${type}`) ? t(`audit.actorType.${type}`) : type);

const detailsText = (d: unknown) => (d === null || d === undefined ? "" : JSON.stringify(d, null, 1));

/** `path` (which may carry a query and a #fragment) in `environment`. */
const objectHref = (path: string, environment: Environment) => {
  if (environment !== "live") return path;
  const [pathAndQuery, hash] = path.split("#", 2) as [string, string | undefined];
  return `${pathAndQuery}${pathAndQuery.includes("?") ? "&" : "?"}env=live${hash ? `#${hash}` : ""}`;
};

/** What a row needs besides its entry: the portal's base path, the environment, the reader's language. */
type RowProps = { e: AuditRow; base: string; environment: Environment; locale: Locale; t: Translator };

/** The entry's sentence, the link to its object, and (folded) the action name and details as recorded. */
const What = ({ e, base, environment, locale, t }: RowProps) => {
  const link = auditObjectLink(e, locale);
  return (
    <div className="min-w-0 space-y-1">
      <p className="text-sm [overflow-wrap:anywhere] text-slate-900" data-testid="audit-sentence">
        {auditSentence(e.action, e.details, locale)}
      </p>
      {link ? (
        <a className={`${textLinkClass} inline-flex min-h-6 items-center text-xs`} href={objectHref(`${base}${link.path}`, environment)}>
          {link.label}
        </a>
      ) : null}
      <details className="text-xs text-slate-600">
        <summary className="inline-flex min-h-6 cursor-pointer items-center rounded">{t("audit.asRecorded")}</summary>
        <p className="mt-1 font-mono [overflow-wrap:anywhere]">{e.action}</p>
        <p className="font-mono [overflow-wrap:anywhere]">
          {e.objectType} {e.objectId}
        </p>
        {e.details !== null && e.details !== undefined ? (
          <pre className="mt-1 font-mono whitespace-pre-wrap [overflow-wrap:anywhere]">{detailsText(e.details)}</pre>
        ) : null}
        {e.requestId ? <p className="mt-1">{t("audit.request", { requestId: e.requestId })}</p> : null}
      </details>
    </div>
  );
};

const Row = (props: RowProps) => {
  const { e, t } = props;
  return (
    <tr data-testid="audit-row">
      <Td className="whitespace-nowrap">{when(e.createdAt)}</Td>
      <Td>
        <span className="block [overflow-wrap:anywhere]">{e.actorLabel}</span>
        <span className="text-xs text-slate-600">{actorType(t, e.actorType)}</span>
      </Td>
      <Td className="min-w-64">
        <What {...props} />
      </Td>
    </tr>
  );
};

/** The same entry as a card, for a phone (the table needs more width than a phone has). */
const Item = (props: RowProps) => {
  const { e, t } = props;
  return (
    <li className="rounded-lg p-3 text-sm ring-1 ring-slate-200 ring-inset">
      <What {...props} />
      <p className="mt-2 text-xs [overflow-wrap:anywhere] text-slate-700">
        {e.actorLabel} ({actorType(t, e.actorType)}) · {when(e.createdAt)}
      </p>
    </li>
  );
};

const AuditPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const sp = await searchParams;
  const environment = environmentOf(sp.env);
  const portalBase = `/portal/${encodeURIComponent(businessId)}`;
  const base = `${portalBase}/audit`;
  return portalPage(
    { businessId, environment, current: "audit", load: (ctx) => loadPortalAudit(ctx, { businessId, environment, params: sp }) },
    ({ member, entries, nextCursor, raw, invalid, paged }, frame) => {
      const t = getTranslator(frame.locale, "portal-access");
      const row = { base: portalBase, environment, locale: frame.locale, t };
      return (
        <PortalPageShell
          {...frame}
          title={t("audit.title")}
          translated
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">{t("audit.intro", { business: member.business.name, environment })}</p>
              <AuditFiltersForm values={raw} environment={environment} clearHref={envHref(base, environment)} locale={frame.locale} />
              {invalid.length ? (
                <div className="mt-4">
                  <ErrorNotice>{t("audit.invalid", { filters: invalid.join(", ") })}</ErrorNotice>
                </div>
              ) : null}
            </>
          }
        >
          <Card labelledBy="entries-title">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="entries-title" className="text-lg font-semibold text-slate-900">
                {t("audit.entries")}
              </h2>
              <a className={`${buttonClass({ variant: "secondary" })} sm:w-auto`} href={`${base}/export${queryOf(raw, environment)}`} download>
                {t("audit.export")}
              </a>
            </div>
            {entries.length === 0 ? (
              <p className="mt-4 text-sm text-slate-700">{t(paged ? "audit.noMore" : "audit.noMatch")}</p>
            ) : (
              <>
                <ul className="mt-4 space-y-3 sm:hidden" aria-label={t("audit.listLabel")}>
                  {entries.map((e) => (
                    <Item key={e.id} e={e} {...row} />
                  ))}
                </ul>
                <Table caption={t("audit.listLabel")} className="mt-4 hidden sm:block">
                  <thead>
                    <tr>
                      <Th>{t("audit.time")}</Th>
                      <Th>{t("audit.actor")}</Th>
                      <Th>{t("audit.what")}</Th>
                    </tr>
                  </thead>
                  <tbody>
                    {entries.map((e) => (
                      <Row key={e.id} e={e} {...row} />
                    ))}
                  </tbody>
                </Table>
              </>
            )}
            <nav aria-label={t("audit.pages")} className="mt-4 flex flex-wrap gap-4 text-sm">
              {paged ? (
                <a className={`${textLinkClass} inline-flex min-h-11 items-center`} href={`${base}${queryOf(raw, environment)}`}>
                  {t("audit.newest")}
                </a>
              ) : null}
              {nextCursor ? (
                <a className={`${textLinkClass} inline-flex min-h-11 items-center`} href={`${base}${queryOf(raw, environment, { cursor: nextCursor })}`}>
                  {t("audit.older")}
                </a>
              ) : null}
            </nav>
          </Card>
        </PortalPageShell>
      );
    },
  );
};

export default AuditPage;

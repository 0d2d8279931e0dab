// /portal/{businessId}/players: the business's linked players (its games, campaigns and the business itself)
// in the selected environment. It opens on the most recent links, 25 a page, with their counts and filters
// (status, what they are linked to); a search by userRef or email (the whole value or its beginning) narrows it.
// Every filter is a search parameter (a GET form): a filtered view is a link.
import type { Metadata } from "next";
import { environmentOf, envHref } from "@/components/portal/env-href";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { inputClass, labelClass, textLinkClass } from "@/components/ui/classes";
import { Table, Td, Th } from "@/components/ui/table";
import { getTranslator } from "@/lib/i18n/translator";
import { whenIn } from "@/lib/portal/money-locale-format";
import { listPortalPlayers } from "@/lib/portal/list-portal-players";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";
import { getPortalLocale } from "../../_lib/portal-locale";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-money")("players.metaTitle") },
  robots: { index: false },
});

type Query = { env?: string | string[]; q?: string | string[]; status?: string | string[]; linkedTo?: string | string[]; page?: string | string[] };
type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<Query> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

const PlayersPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const sp = await searchParams;
  const environment = environmentOf(sp.env);
  const query = one(sp.q);
  const base = `/portal/${encodeURIComponent(businessId)}/players`;
  return portalPage(
    {
      businessId,
      environment,
      current: "players",
      load: (ctx) =>
        listPortalPlayers(ctx, { businessId, environment, filter: { query, status: one(sp.status), linkedTo: one(sp.linkedTo), page: one(sp.page) } }),
    },
    ({ mode, hits, invalid, namespaces, filter, counts, pagination }, frame) => {
      const t = getTranslator(frame.locale, "portal-money");
      const hrefWith = (extra: Record<string, string | undefined>) => {
        const q = new URLSearchParams();
        const all = {
          env: environment === "live" ? "live" : undefined,
          q: query.trim() || undefined,
          status: filter.status,
          linkedTo: filter.linkedTo,
          ...extra,
        };
        for (const [k, v] of Object.entries(all)) if (v) q.set(k, v);
        const s = q.toString();
        return s ? `${base}?${s}` : base;
      };
      const heading =
        mode === "search"
          ? hits.length === 0
            ? t("players.noneFound")
            : t("players.hits", { count: hits.length, first: hits.length === 50 ? "yes" : "no" })
          : pagination!.totalCount === 0
            ? t("players.noneYet")
            : t("players.total", { count: pagination!.totalCount });
      return (
        <PortalPageShell
          {...frame}
          title={t("players.title")}
          translated
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">{t("players.intro", { environment })}</p>
              {counts ? (
                <dl className="mt-4 grid grid-cols-3 gap-3 text-sm" aria-label={t("players.counts")}>
                  {(
                    [
                      ["linked", counts.all, undefined],
                      ["active", counts.active, "active"],
                      ["removed", counts.unlinked, "unlinked"],
                    ] as const
                  ).map(([key, n, status]) => (
                    <div key={key} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
                      <dt className="text-slate-700">{t(`players.${key}`)}</dt>
                      <dd className="text-2xl font-semibold text-slate-900" data-testid={`players-count-${key}`}>
                        <a
                          className="rounded hover:underline"
                          href={hrefWith({ status, page: undefined })}
                          aria-label={t("players.showThem", { count: n, label: t(`players.${key}`).toLowerCase() })}
                        >
                          {n}
                        </a>
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              <form
                method="get"
                action={base}
                role="search"
                aria-label={t("players.search")}
                className="mt-4 grid gap-3 sm:grid-cols-[1fr_12rem_12rem_auto] sm:items-end"
              >
                {environment === "live" ? <input type="hidden" name="env" value="live" /> : null}
                <div className="min-w-0">
                  <label htmlFor="q" className={labelClass}>
                    {t("players.query")}
                  </label>
                  <input
                    id="q"
                    name="q"
                    type="search"
                    defaultValue={query}
                    maxLength={320}
                    autoComplete="off"
                    spellCheck={false}
                    aria-describedby={invalid ? "q-error" : undefined}
                    aria-invalid={invalid || undefined}
                    className={`${inputClass} mt-1.5`}
                  />
                </div>
                <div className="min-w-0">
                  <label htmlFor="status" className={labelClass}>
                    {t("players.status")}
                  </label>
                  <select id="status" name="status" defaultValue={filter.status ?? ""} className={`${inputClass} mt-1.5`}>
                    <option value="">{t("players.anyStatus")}</option>
                    <option value="active">{t("players.active")}</option>
                    <option value="unlinked">{t("players.removed")}</option>
                  </select>
                </div>
                <div className="min-w-0">
                  <label htmlFor="linkedTo" className={labelClass}>
                    {t("players.linkedTo")}
                  </label>
                  <select id="linkedTo" name="linkedTo" defaultValue={filter.linkedTo ?? ""} className={`${inputClass} mt-1.5`}>
                    <option value="">{t("players.anything")}</option>
                    {namespaces.map((n) => (
                      <option key={`${n.type}:${n.id}`} value={`${n.type}:${n.id}`}>
                        {t("players.namespace", { type: n.type, name: n.name })}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="w-full sm:w-auto">
                  <Button type="submit">{t("players.searchButton")}</Button>
                </div>
              </form>
              {invalid ? (
                <p id="q-error" className="mt-2 text-sm text-red-800">
                  {t("players.tooLong")}
                </p>
              ) : null}
            </>
          }
        >
          {!invalid ? (
            <Card labelledBy="results">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id="results" className="text-lg font-semibold text-slate-900">
                  {heading}
                </h2>
                {mode === "search" || filter.status || filter.linkedTo ? (
                  <a className={`${textLinkClass} text-sm`} href={envHref(base, environment)}>
                    {t("players.showAll")}
                  </a>
                ) : null}
              </div>
              {hits.length ? (
                <Table caption={mode === "search" ? t("players.found") : t("players.recentFirst")} className="mt-3">
                  <thead>
                    <tr>
                      <Th>{t("players.player")}</Th>
                      <Th>{t("players.linkedTo")}</Th>
                      <Th>{t("players.status")}</Th>
                      <Th>{t("players.linkedAt")}</Th>
                    </tr>
                  </thead>
                  <tbody>
                    {hits.map((h) => (
                      <tr key={h.userRef} data-testid={`hit-${h.userRef}`}>
                        <Td className="min-w-48 [overflow-wrap:anywhere]">
                          <a className={textLinkClass} href={envHref(`${base}/${encodeURIComponent(h.userRef)}`, environment)}>
                            {h.email}
                          </a>
                          <span className="block font-mono text-xs text-slate-600">{h.userRef}</span>
                          {h.exact ? <span className="sr-only">{t("players.exact")}</span> : null}
                        </Td>
                        <Td className="[overflow-wrap:anywhere]">{t("players.namespace", { type: h.namespace.type, name: h.namespace.name })}</Td>
                        <Td>{h.status === "active" ? <Badge tone="success">{t("players.active")}</Badge> : <Badge>{t("players.removed")}</Badge>}</Td>
                        <Td className="whitespace-nowrap">{whenIn(frame.locale, h.linkedAt)}</Td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              ) : (
                <p className="mt-3 text-sm text-slate-700">
                  {mode === "search"
                    ? t("players.noMatchQuery", { environment, query: query.trim(), filtered: filter.status || filter.linkedTo ? "yes" : "no" })
                    : filter.status || filter.linkedTo
                      ? t("players.noMatchFilters")
                      : t("players.noneLinked", { environment })}
                </p>
              )}
              {pagination && pagination.totalPages > 1 ? (
                <nav aria-label={t("players.pages")} className="mt-4 flex flex-wrap items-center gap-4 text-sm">
                  {pagination.hasPrevPage ? (
                    <a className={`${textLinkClass} inline-flex min-h-11 items-center`} href={hrefWith({ page: String(pagination.page - 1) })}>
                      {t("players.newer")}
                    </a>
                  ) : null}
                  <span className="text-slate-700">{t("players.page", { page: pagination.page, pages: pagination.totalPages })}</span>
                  {pagination.hasNextPage ? (
                    <a className={`${textLinkClass} inline-flex min-h-11 items-center`} href={hrefWith({ page: String(pagination.page + 1) })}>
                      {t("players.older")}
                    </a>
                  ) : null}
                </nav>
              ) : null}
            </Card>
          ) : null}
        </PortalPageShell>
      );
    },
  );
};

export default PlayersPage;

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
import { formatWhen } from "@/lib/portal/ledger-format";
import { listPortalPlayers } from "@/lib/portal/list-portal-players";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Players · Developer portal" }, robots: { index: false } };

type Query = { env?: string | string[]; q?: string | string[]; status?: string | string[]; linkedTo?: string | string[]; page?: string | string[] };
type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<Query> };

const NAMESPACE = { game: "Game", campaign: "Campaign", business: "Business" } as const;
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
            ? "No players found"
            : `${hits.length} ${hits.length === 1 ? "player link" : "player links"}${hits.length === 50 ? " (the first 50)" : ""}`
          : pagination!.totalCount === 0
            ? "No players yet"
            : `${pagination!.totalCount} ${pagination!.totalCount === 1 ? "player" : "players"}, most recent first`;
      return (
        <PortalPageShell
          {...frame}
          title="Players"
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">
                Players linked to your {environment} games and campaigns, or to the business. Search by userRef or email: the whole value or its beginning.
              </p>
              {counts ? (
                <dl className="mt-4 grid grid-cols-3 gap-3 text-sm" aria-label="Player counts">
                  {(
                    [
                      ["Linked", counts.all, undefined],
                      ["Active", counts.active, "active"],
                      ["Removed", counts.unlinked, "unlinked"],
                    ] as const
                  ).map(([label, n, status]) => (
                    <div key={label} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
                      <dt className="text-slate-700">{label}</dt>
                      <dd className="text-2xl font-semibold text-slate-900" data-testid={`players-count-${label.toLowerCase()}`}>
                        <a
                          className="rounded hover:underline"
                          href={hrefWith({ status, page: undefined })}
                          aria-label={`${n} ${label.toLowerCase()}: show them`}
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
                aria-label="Search players"
                className="mt-4 grid gap-3 sm:grid-cols-[1fr_12rem_12rem_auto] sm:items-end"
              >
                {environment === "live" ? <input type="hidden" name="env" value="live" /> : null}
                <div className="min-w-0">
                  <label htmlFor="q" className={labelClass}>
                    userRef or email
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
                    Status
                  </label>
                  <select id="status" name="status" defaultValue={filter.status ?? ""} className={`${inputClass} mt-1.5`}>
                    <option value="">Any status</option>
                    <option value="active">Active</option>
                    <option value="unlinked">Removed</option>
                  </select>
                </div>
                <div className="min-w-0">
                  <label htmlFor="linkedTo" className={labelClass}>
                    Linked to
                  </label>
                  <select id="linkedTo" name="linkedTo" defaultValue={filter.linkedTo ?? ""} className={`${inputClass} mt-1.5`}>
                    <option value="">Anything</option>
                    {namespaces.map((n) => (
                      <option key={`${n.type}:${n.id}`} value={`${n.type}:${n.id}`}>
                        {NAMESPACE[n.type]}: {n.name}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="w-full sm:w-auto">
                  <Button type="submit">Search</Button>
                </div>
              </form>
              {invalid ? (
                <p id="q-error" className="mt-2 text-sm text-red-800">
                  Search for at most 320 characters.
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
                    Show all players
                  </a>
                ) : null}
              </div>
              {hits.length ? (
                <Table caption={mode === "search" ? "Players found" : "Players, most recent first"} className="mt-3">
                  <thead>
                    <tr>
                      <Th>Player</Th>
                      <Th>Linked to</Th>
                      <Th>Status</Th>
                      <Th>Linked</Th>
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
                          {h.exact ? <span className="sr-only"> (exact match)</span> : null}
                        </Td>
                        <Td className="[overflow-wrap:anywhere]">
                          {NAMESPACE[h.namespace.type]}: {h.namespace.name}
                        </Td>
                        <Td>{h.status === "active" ? <Badge tone="success">Active</Badge> : <Badge>Removed</Badge>}</Td>
                        <Td className="whitespace-nowrap">{formatWhen(h.linkedAt)}</Td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              ) : (
                <p className="mt-3 text-sm text-slate-700">
                  {mode === "search"
                    ? `No ${environment} player's userRef or email is or begins with “${query.trim()}”${filter.status || filter.linkedTo ? " with these filters" : ""}.`
                    : filter.status || filter.linkedTo
                      ? "No players match these filters."
                      : `No player is linked to your ${environment} games, campaigns or business yet.`}
                </p>
              )}
              {pagination && pagination.totalPages > 1 ? (
                <nav aria-label="Players pages" className="mt-4 flex flex-wrap items-center gap-4 text-sm">
                  {pagination.hasPrevPage ? (
                    <a className={`${textLinkClass} inline-flex min-h-11 items-center`} href={hrefWith({ page: String(pagination.page - 1) })}>
                      Newer
                    </a>
                  ) : null}
                  <span className="text-slate-700">
                    Page {pagination.page} of {pagination.totalPages}
                  </span>
                  {pagination.hasNextPage ? (
                    <a className={`${textLinkClass} inline-flex min-h-11 items-center`} href={hrefWith({ page: String(pagination.page + 1) })}>
                      Older
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

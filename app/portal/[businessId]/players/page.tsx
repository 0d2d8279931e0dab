// /portal/{businessId}/players: find the business's linked players (its games, campaigns and the business
// itself) by userRef or email, exact or by its beginning, in the selected environment.
import type { Metadata } from "next";
import { environmentOf, envHref } from "@/components/portal/env-href";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { inputClass, labelClass, textLinkClass } from "@/components/ui/classes";
import { Table, Td, Th } from "@/components/ui/table";
import { formatWhen } from "@/lib/portal/ledger-format";
import { searchPortalPlayers } from "@/lib/portal/search-portal-players";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Players · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[]; q?: string | string[] }> };

const NAMESPACE = { game: "Game", campaign: "Campaign", business: "Business" } as const;

const PlayersPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const sp = await searchParams;
  const environment = environmentOf(sp.env);
  const query = (Array.isArray(sp.q) ? sp.q[0] : sp.q) ?? "";
  const base = `/portal/${encodeURIComponent(businessId)}/players`;
  const asked = query.trim() !== "";
  return portalPage(
    { businessId, environment, current: "players", load: (ctx) => searchPortalPlayers(ctx, { businessId, environment, query }) },
    ({ hits, invalid }, frame) => (
      <PortalPageShell
        {...frame}
        title="Players"
        intro={
          <>
            <p className="mt-2 text-sm text-slate-700">
              Players linked to your {environment} games and campaigns, or to the business. Search by userRef or email: the whole value or its beginning.
            </p>
            <form method="get" action={base} role="search" aria-label="Search players" className="mt-4 flex flex-wrap items-end gap-2">
              {environment === "live" ? <input type="hidden" name="env" value="live" /> : null}
              <div className="min-w-0 flex-1">
                <label htmlFor="q" className={labelClass}>
                  userRef or email
                </label>
                <input
                  id="q"
                  name="q"
                  type="search"
                  defaultValue={query}
                  required
                  maxLength={320}
                  autoComplete="off"
                  spellCheck={false}
                  aria-describedby={invalid ? "q-error" : undefined}
                  aria-invalid={invalid || undefined}
                  className={`${inputClass} mt-1.5`}
                />
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
        {asked && !invalid ? (
          <Card labelledBy="results">
            <h2 id="results" className="text-lg font-semibold text-slate-900">
              {hits.length === 0
                ? "No players found"
                : `${hits.length} ${hits.length === 1 ? "player link" : "player links"}${hits.length === 50 ? " (the first 50)" : ""}`}
            </h2>
            {hits.length ? (
              <Table caption="Players found" className="mt-3">
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
                No {environment} player&apos;s userRef or email is or begins with “{query.trim()}”.
              </p>
            )}
          </Card>
        ) : null}
      </PortalPageShell>
    ),
  );
};

export default PlayersPage;

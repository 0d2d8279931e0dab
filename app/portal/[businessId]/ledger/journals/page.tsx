// /portal/{businessId}/ledger/journals: the ledger explorer. The VC journals of the business's games in the
// selected environment, newest first, filtered by game, currency, type, player and days (the filters are the
// URL), a page at a time (a cursor: "Older journals"), each with its balanced postings.
import type { Metadata } from "next";
import { ErrorNotice } from "@/components/hosted/state-message";
import { TestModeBadge } from "@/components/hosted/test-mode-badge";
import { environmentOf, envHref } from "@/components/portal/env-href";
import { LedgerJournalFilters } from "@/components/portal/ledger-journal-filters";
import { LedgerJournalList } from "@/components/portal/ledger-journal-list";
import { PortalFrame } from "@/components/portal/portal-frame";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { journalFilterOf, listLedgerJournals } from "@/lib/portal/list-ledger-journals";
import { loadPortalPage, RefusedPage, SignInCard } from "../../../_lib/page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Journals · Ledger · Developer portal" }, robots: { index: false } };

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<Search> };

const JournalsPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const q = await searchParams;
  const environment = environmentOf(q.env);
  const filter = journalFilterOf(q);
  const page = await loadPortalPage(businessId, (ctx) => listLedgerJournals(ctx, { businessId, environment, filter }));
  if (page.kind === "signed-out") return <SignInCard environment={environment} />;
  if (page.kind === "refused") return <RefusedPage page={page} environment={environment} current="ledger" />;
  const { member, items, nextCursor, invalid, options } = page.value;
  const f = page.value.filter;
  const base = `/portal/${encodeURIComponent(businessId)}/ledger`;
  const older = nextCursor
    ? `${base}/journals?${new URLSearchParams({ ...(environment === "live" ? { env: "live" } : {}), ...Object.fromEntries(Object.entries(filter).filter(([k]) => k !== "cursor")), cursor: nextCursor })}`
    : null;
  return (
    <PortalFrame email={page.email} business={member.business} roles={member.roles} permissions={member.permissions} environment={environment} current="ledger">
      <Card labelledBy="title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 id="title" className="text-2xl font-semibold tracking-tight text-slate-900">
            Journals
          </h1>
          {environment === "test" ? <TestModeBadge /> : <Badge tone="success">Live</Badge>}
        </div>
        <p className="mt-2 text-sm text-slate-700">
          Every movement of virtual currency, newest first. Each journal&apos;s postings sum to zero.{" "}
          <a className={textLinkClass} href={envHref(base, environment)}>
            Back to the ledger
          </a>
        </p>
        <div className="mt-4">
          <LedgerJournalFilters action={`${base}/journals`} environment={environment} filter={f} options={options} />
        </div>
        {invalid.length ? (
          <div className="mt-4">
            <ErrorNotice>Some filters were not applied: {invalid.map((i) => `${i.field} ${i.message}`).join("; ")}.</ErrorNotice>
          </div>
        ) : null}
        {f.userRef ? (
          <p className="mt-4 text-sm">
            <a className={textLinkClass} href={envHref(`${base}/players/${encodeURIComponent(f.userRef)}`, environment)}>
              Balances of {f.userRef}
            </a>
          </p>
        ) : null}
      </Card>
      <Card labelledBy="results">
        <h2 id="results" className="text-lg font-semibold text-slate-900">
          {items.length === 0 ? "No journals match" : filter.cursor ? "Older journals" : "Latest journals"}
        </h2>
        {items.length ? (
          <div className="mt-4">
            <LedgerJournalList journals={items} businessId={businessId} environment={environment} label="Journals" />
          </div>
        ) : null}
        <p className="mt-4 flex flex-wrap gap-4 text-sm">
          {filter.cursor ? (
            <a
              className={`${textLinkClass} inline-flex min-h-11 items-center`}
              href={`${base}/journals?${new URLSearchParams({ ...(environment === "live" ? { env: "live" } : {}), ...Object.fromEntries(Object.entries(filter).filter(([k]) => k !== "cursor")) })}`}
            >
              Newest journals
            </a>
          ) : null}
          {older ? (
            <a className={`${textLinkClass} inline-flex min-h-11 items-center`} href={older} rel="next">
              Older journals
            </a>
          ) : null}
        </p>
      </Card>
    </PortalFrame>
  );
};

export default JournalsPage;

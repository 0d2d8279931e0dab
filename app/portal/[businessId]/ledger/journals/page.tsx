// /portal/{businessId}/ledger/journals: the ledger explorer. The VC journals of the business's games in the
// selected environment, newest first, filtered by game, currency, type, player and days (the filters are the
// URL), a page at a time (a cursor: "Older journals"), each with its balanced postings.
import type { Metadata } from "next";
import { ErrorNotice } from "@/components/hosted/state-message";
import { environmentOf, envHref } from "@/components/portal/env-href";
import { LedgerJournalFilters } from "@/components/portal/ledger-journal-filters";
import { JournalPages, LedgerJournalList } from "@/components/portal/ledger-journal-list";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { getTranslator } from "@/lib/i18n/translator";
import { journalFilterOf, listLedgerJournals } from "@/lib/portal/list-ledger-journals";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../../_lib/page";
import { getPortalLocale } from "../../../_lib/portal-locale";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-money")("journals.page.metaTitle") },
  robots: { index: false },
});

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<Search> };

const JournalsPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const q = await searchParams;
  const environment = environmentOf(q.env);
  const filter = journalFilterOf(q);
  const base = `/portal/${encodeURIComponent(businessId)}/ledger`;
  return portalPage(
    { businessId, environment, current: "ledger", reads: "replica", load: (ctx) => listLedgerJournals(ctx, { businessId, environment, filter }) },
    ({ items, nextCursor, invalid, options, filter: f }, frame) => {
      const t = getTranslator(frame.locale, "portal-money");
      const older = nextCursor
        ? `${base}/journals?${new URLSearchParams({ ...(environment === "live" ? { env: "live" } : {}), ...Object.fromEntries(Object.entries(filter).filter(([k]) => k !== "cursor")), cursor: nextCursor })}`
        : null;
      return (
        <PortalPageShell
          {...frame}
          title={t("journals.page.title")}
          translated
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">
                {t("journals.page.intro")}{" "}
                <a className={textLinkClass} href={envHref(base, environment)}>
                  {t("journals.page.back")}
                </a>
              </p>
              <div className="mt-4">
                <LedgerJournalFilters action={`${base}/journals`} environment={environment} filter={f} options={options} t={t} />
              </div>
              {invalid.length ? (
                <div className="mt-4">
                  <ErrorNotice>{t("journals.page.notApplied", { problems: invalid.map((i) => `${i.field} ${i.message}`).join("; ") })}</ErrorNotice>
                </div>
              ) : null}
              {f.userRef ? (
                <p className="mt-4 text-sm">
                  <a className={textLinkClass} href={envHref(`${base}/players/${encodeURIComponent(f.userRef)}`, environment)}>
                    {t("journals.page.balancesOf", { userRef: f.userRef })}
                  </a>
                </p>
              ) : null}
            </>
          }
        >
          <Card labelledBy="results">
            <h2 id="results" className="text-lg font-semibold text-slate-900">
              {items.length === 0 ? t("journals.page.noneMatch") : filter.cursor ? t("journals.page.older") : t("journals.page.latest")}
            </h2>
            {items.length ? (
              <div className="mt-4">
                <LedgerJournalList
                  journals={items}
                  businessId={businessId}
                  environment={environment}
                  label={t("journals.page.label")}
                  t={t}
                  locale={frame.locale}
                />
              </div>
            ) : null}
            <JournalPages
              newest={
                filter.cursor
                  ? `${base}/journals?${new URLSearchParams({ ...(environment === "live" ? { env: "live" } : {}), ...Object.fromEntries(Object.entries(filter).filter(([k]) => k !== "cursor")) })}`
                  : null
              }
              older={older}
              t={t}
            />
          </Card>
        </PortalPageShell>
      );
    },
  );
};

export default JournalsPage;

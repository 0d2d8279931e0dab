// The ledger explorer's journals: each with its type, currency, game, time and reference, and its postings
// (account, signed change, description) in the order written, with the check that they sum to zero; and the
// links to the newest and the older journals of a list read a page at a time.
import type { ReactNode } from "react";
import { envHref } from "@/components/portal/env-href";
import { Badge } from "@/components/ui/badge";
import { textLinkClass } from "@/components/ui/classes";
import { Table, Td, Th } from "@/components/ui/table";
import type { Environment } from "@/lib/core/environment";
import type { Locale } from "@/lib/i18n/locales";
import type { Translator } from "@/lib/i18n/translator";
import { formatDelta } from "@/lib/portal/ledger-format";
import { unitsIn, whenIn } from "@/lib/portal/money-locale-format";
import type { LedgerJournal } from "@/lib/portal/list-ledger-journals";

const TYPE_TONE: Record<string, "success" | "warning" | "neutral" | "danger"> = { credit: "success", debit: "neutral", cashout: "warning", batch: "neutral" };

export const LedgerJournalList = ({
  journals,
  businessId,
  environment,
  label,
  t,
  locale,
}: {
  /** the "portal-money" catalog in the member's language, and that language */
  t: Translator;
  locale: Locale;
  journals: LedgerJournal[];
  businessId: string;
  environment: Environment;
  label: string;
}) => {
  const base = `/portal/${encodeURIComponent(businessId)}/ledger`;
  return (
    <ul className="space-y-4" aria-label={label}>
      {journals.map((j) => (
        <li key={j._id} className="rounded-xl p-4 ring-1 ring-slate-200 ring-inset" data-testid={`journal-${j._id}`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="flex min-w-0 flex-wrap items-center gap-2">
              <Badge tone={TYPE_TONE[j.type] ?? "neutral"}>{j.type}</Badge>
              <span className="font-semibold text-slate-900">{j.currency.code || j.currency.id}</span>
              <span className="text-sm [overflow-wrap:anywhere] text-slate-700">{j.game.name}</span>
            </p>
            {j.sumUnits === "0" ? (
              <Badge tone="success">{t("journals.list.balanced")}</Badge>
            ) : (
              <Badge tone="danger">{t("journals.list.unbalanced", { sum: j.sumUnits })}</Badge>
            )}
          </div>
          <p className="mt-1 text-xs [overflow-wrap:anywhere] text-slate-600">
            <span className="font-mono">{j._id}</span> · {whenIn(locale, j.createdAt)}
            {j.reference ? (
              <>
                {" "}
                · {t("journals.list.reference")} <span className="font-mono">{j.reference}</span>
              </>
            ) : null}
          </p>
          <Table caption={t("journals.list.postingsOf", { id: j._id })} className="mt-3">
            <thead>
              <tr>
                <Th>{t("journals.list.account")}</Th>
                <Th className="text-right">{t("journals.list.change")}</Th>
                <Th>{t("journals.list.description")}</Th>
              </tr>
            </thead>
            <tbody>
              {j.postings.map((p, i) => (
                <tr key={i}>
                  <Td className="[overflow-wrap:anywhere]">
                    {p.account.type === "pool" ? (
                      <span>
                        {t("journals.list.pool")} <span className="font-mono text-xs text-slate-600">{p.account.address}</span>
                      </span>
                    ) : (
                      <a
                        className={`${textLinkClass} font-mono text-xs`}
                        href={envHref(`${base}/players/${encodeURIComponent(p.account.userRef)}`, environment)}
                      >
                        {p.account.userRef}
                      </a>
                    )}
                  </Td>
                  <Td className={`text-right font-mono whitespace-nowrap ${p.deltaUnits.startsWith("-") ? "text-red-800" : "text-emerald-800"}`}>
                    {locale === "en"
                      ? formatDelta(p.deltaUnits)
                      : p.deltaUnits.startsWith("-")
                        ? unitsIn(locale, p.deltaUnits)
                        : `+${unitsIn(locale, p.deltaUnits)}`}
                  </Td>
                  <Td className="[overflow-wrap:anywhere]">{p.description}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </li>
      ))}
    </ul>
  );
};

const pageLink = `${textLinkClass} inline-flex min-h-11 items-center`;

/** "Newest journals" (back to the first page) and "Older journals" (the next page) where there are such pages, then `children` (more links). */
export const JournalPages = ({ newest, older, children, t }: { newest: string | null; older: string | null; children?: ReactNode; t: Translator }) => (
  <p className="mt-4 flex flex-wrap gap-4 text-sm">
    {newest ? (
      <a className={pageLink} href={newest}>
        {t("journals.list.newest")}
      </a>
    ) : null}
    {older ? (
      <a className={pageLink} href={older} rel="next">
        {t("journals.list.older")}
      </a>
    ) : null}
    {children}
  </p>
);

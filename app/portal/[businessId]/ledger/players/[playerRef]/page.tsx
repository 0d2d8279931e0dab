// /portal/{businessId}/ledger/players/{userRef}: one player in the ledger: their balance of each currency of
// their game and their journals (filterable by currency, type and days, a page at a time). The page shows the
// link's own environment; another business's player is a 404.
import type { Metadata } from "next";
import { ErrorNotice } from "@/components/hosted/state-message";
import { envHref, environmentOf } from "@/components/portal/env-href";
import { JournalPages, LedgerJournalList } from "@/components/portal/ledger-journal-list";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { getTranslator } from "@/lib/i18n/translator";
import { unitsIn, whenIn } from "@/lib/portal/money-locale-format";
import { journalFilterOf } from "@/lib/portal/list-ledger-journals";
import { loadLedgerPlayer } from "@/lib/portal/load-ledger-player";
import { can } from "@/lib/portal/permissions";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage, segmentText } from "../../../../_lib/page";
import { getPortalLocale } from "../../../../_lib/portal-locale";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-money")("journals.player.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string; playerRef: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const LedgerPlayerPage = async ({ params, searchParams }: Props) => {
  const { businessId, playerRef } = await params;
  const userRef = segmentText(playerRef);
  const q = await searchParams;
  const asked = environmentOf(q.env);
  const { cursor, limit } = journalFilterOf(q);
  return portalPage(
    { businessId, environment: asked, current: "ledger", load: (ctx) => loadLedgerPlayer(ctx, { businessId, userRef, filter: { cursor, limit } }) },
    ({ member, player, game, balances, history }, frame) => {
      const environment = player.environment;
      const t = getTranslator(frame.locale, "portal-money");
      const base = `/portal/${encodeURIComponent(businessId)}`;
      const here = `${base}/ledger/players/${encodeURIComponent(player.userRef)}`;
      const older = history.nextCursor
        ? `${here}?${new URLSearchParams({ ...(environment === "live" ? { env: "live" } : {}), cursor: history.nextCursor })}`
        : null;
      return (
        <PortalPageShell
          {...frame}
          environment={environment}
          title={t("journals.player.title")}
          translated
          intro={
            <>
              <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-xs text-slate-600">userRef</dt>
                  <dd className="font-mono [overflow-wrap:anywhere] text-slate-900" data-testid="player-ref">
                    {player.userRef}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">{t("journals.player.email")}</dt>
                  <dd className="[overflow-wrap:anywhere] text-slate-900">{player.email}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">{t("journals.player.game")}</dt>
                  <dd className="[overflow-wrap:anywhere] text-slate-900">{game.name}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">{t("journals.player.link")}</dt>
                  <dd className="text-slate-900">{t("journals.player.since", { status: player.status, when: whenIn(frame.locale, player.linkedAt) })}</dd>
                </div>
              </dl>
              <p className="mt-3 flex flex-wrap gap-x-4 text-sm">
                <a className={`${textLinkClass} inline-flex min-h-11 items-center`} href={envHref(`${base}/ledger`, environment)}>
                  {t("journals.player.back")}
                </a>
                {can(member.permissions, "players:read") ? (
                  <a
                    className={`${textLinkClass} inline-flex min-h-11 items-center`}
                    href={envHref(`${base}/players/${encodeURIComponent(player.userRef)}`, environment)}
                  >
                    {t("journals.player.playerPage")}
                  </a>
                ) : null}
              </p>
            </>
          }
        >
          <Card labelledBy="balances">
            <h2 id="balances" className="text-lg font-semibold text-slate-900">
              {t("journals.player.balances")}
            </h2>
            {balances.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700">{t("journals.player.noCurrencies")}</p>
            ) : (
              <ul className="mt-3 grid gap-3 sm:grid-cols-3" aria-label={t("journals.player.balances")}>
                {balances.map((b) => (
                  <li key={b.currency.id} className="rounded-xl p-4 ring-1 ring-slate-200 ring-inset" data-testid={`balance-${b.currency.code}`}>
                    <p className="text-sm text-slate-700">
                      <span className="font-mono font-semibold text-slate-900">{b.currency.code}</span> {b.currency.name}
                    </p>
                    <p className="mt-1 font-mono text-2xl font-semibold text-slate-900" data-testid="balance-units">
                      {unitsIn(frame.locale, b.balanceUnits)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card labelledBy="history">
            <h2 id="history" className="text-lg font-semibold text-slate-900">
              {t("journals.player.history")}
            </h2>
            {history.invalid.length ? (
              <div className="mt-3">
                <ErrorNotice>{history.invalid.map((i) => `${i.field} ${i.message}`).join("; ")}.</ErrorNotice>
              </div>
            ) : null}
            {history.items.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700">{t("journals.player.noJournals", { older: cursor ? "yes" : "no" })}</p>
            ) : (
              <div className="mt-4">
                <LedgerJournalList
                  journals={history.items}
                  businessId={businessId}
                  environment={environment}
                  label={t("journals.player.journalsOf", { userRef: player.userRef })}
                  t={t}
                  locale={frame.locale}
                />
              </div>
            )}
            <JournalPages newest={cursor ? envHref(here, environment) : null} older={older} t={t}>
              <a
                className={`${textLinkClass} inline-flex min-h-11 items-center`}
                href={`${base}/ledger/journals?${new URLSearchParams({ ...(environment === "live" ? { env: "live" } : {}), userRef: player.userRef })}`}
              >
                {t("journals.player.explorer")}
              </a>
            </JournalPages>
          </Card>
        </PortalPageShell>
      );
    },
  );
};

export default LedgerPlayerPage;

// /portal/{businessId}/ledger: the virtual currencies of each game of the selected environment, with their
// cashout rate, the treasury pool (the units in circulation) and the requests waiting for review; roles that
// may manage currencies create one and change its rate (the /v1 schemas and services). Links lead to the
// journal explorer and to a player's balances.
import type { Metadata } from "next";
import { environmentOf, envHref } from "@/components/portal/env-href";
import { PortalForm } from "@/components/portal/portal-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { inputClass, labelClass, textLinkClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { unitsIn, usdcIn, whenIn } from "@/lib/portal/money-locale-format";
import { loadLedgerCurrencies, type LedgerCurrency } from "@/lib/portal/load-ledger-currencies";
import { can } from "@/lib/portal/permissions";
import { NamedCard } from "@/components/portal/named-card";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";
import { getPortalLocale } from "../../_lib/portal-locale";
import { createCurrencyAction, setRateAction } from "./actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-money")("ledger.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const CurrencyItem = ({
  c,
  businessId,
  base,
  environment,
  manage,
  t,
  locale,
}: {
  t: Translator;
  locale: Locale;
  c: LedgerCurrency;
  businessId: string;
  base: string;
  environment: "test" | "live";
  manage: boolean;
}) => (
  <li className="rounded-xl p-4 ring-1 ring-slate-200 ring-inset" data-testid={`currency-${c.code}`}>
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="min-w-0 [overflow-wrap:anywhere]">
        <span className="font-mono text-base font-semibold text-slate-900">{c.code}</span> <span className="text-slate-700">{c.name}</span>
      </p>
      {c.pendingCashouts > 0 ? (
        <a className={`${textLinkClass} inline-flex min-h-11 items-center text-sm`} href={envHref(`${base}/cashouts`, environment)}>
          {t("ledger.toReview", { count: c.pendingCashouts })}
        </a>
      ) : (
        <Badge>{t("ledger.noneToReview")}</Badge>
      )}
    </div>
    <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-xs text-slate-600">{t("ledger.rate")}</dt>
        <dd className="text-slate-900" data-testid="rate">
          {t("ledger.rateValue", { usdc: usdcIn(locale, c.baseUnitsPerVcUnit) })}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-600">{t("ledger.inCirculation")}</dt>
        <dd className="font-mono text-slate-900" data-testid="in-circulation">
          {unitsIn(locale, c.pool.inCirculationUnits)}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-600">{t("ledger.poolBalance")}</dt>
        <dd className="font-mono text-slate-900" data-testid="pool-balance">
          {unitsIn(locale, c.pool.balanceUnits)}
        </dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-xs text-slate-600">{t("ledger.poolAddress")}</dt>
        <dd className="font-mono text-xs [overflow-wrap:anywhere] text-slate-700">{c.pool.address}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-600">{t("ledger.created")}</dt>
        <dd className="text-slate-700">{whenIn(locale, c.createdAt)}</dd>
      </div>
    </dl>
    <p className="mt-3 flex flex-wrap gap-x-4">
      <a
        className={`${textLinkClass} inline-flex min-h-11 items-center text-sm`}
        href={`${base}/ledger/journals?${new URLSearchParams({ ...(environment === "live" ? { env: "live" } : {}), currencyId: c._id })}`}
      >
        {t("ledger.journalsOf", { code: c.code })}
      </a>
    </p>
    {manage ? (
      <div className="mt-2 max-w-md">
        <PortalForm
          action={setRateAction.bind(null, { businessId, currencyId: c._id })}
          label={t("ledger.changeRateLabel", { code: c.code })}
          submit={t("ledger.changeRate")}
          pendingLabel={t("ledger.saving")}
          variant="secondary"
        >
          <Field
            id={`rate-${c._id}`}
            label={t("ledger.rateField")}
            hint={t("ledger.rateHint", { micros: c.baseUnitsPerVcUnit, usdc: usdcIn(locale, c.baseUnitsPerVcUnit) })}
          >
            {(p) => <Input {...p} name="baseUnitsPerVcUnit" defaultValue={c.baseUnitsPerVcUnit} inputMode="numeric" autoComplete="off" required />}
          </Field>
        </PortalForm>
      </div>
    ) : null}
  </li>
);

const LedgerPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  const base = `/portal/${encodeURIComponent(businessId)}`;
  return portalPage(
    { businessId, environment, current: "ledger", load: (ctx) => loadLedgerCurrencies(ctx, { businessId, environment }) },
    ({ member, games }, frame) => {
      const manage = can(member.permissions, "currencies:write");
      const t = getTranslator(frame.locale, "portal-money");
      return (
        <PortalPageShell
          {...frame}
          title={t("ledger.title")}
          translated
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">{t("ledger.intro", { environment })}</p>
              <div className="mt-4 flex flex-wrap items-end gap-4">
                <a className={`${textLinkClass} inline-flex min-h-11 items-center`} href={envHref(`${base}/ledger/journals`, environment)}>
                  {t("ledger.exploreAll")}
                </a>
                <form
                  method="get"
                  action={`${base}/ledger/players`}
                  aria-label={t("ledger.findPlayer")}
                  className="flex min-w-0 flex-1 flex-wrap items-end gap-2"
                >
                  {environment === "live" ? <input type="hidden" name="env" value="live" /> : null}
                  <div className="min-w-0 flex-1">
                    <label htmlFor="lookup-player" className={labelClass}>
                      {t("ledger.playerRef")}
                    </label>
                    <input id="lookup-player" name="userRef" required autoComplete="off" spellCheck={false} className={`${inputClass} mt-1.5 font-mono`} />
                  </div>
                  <div className="w-full sm:w-auto">
                    <Button type="submit" variant="secondary">
                      {t("ledger.showBalances")}
                    </Button>
                  </div>
                </form>
              </div>
              {games.length === 0 ? <p className="mt-3 text-sm text-slate-700">{t("ledger.noGames", { environment })}</p> : null}
            </>
          }
        >
          {games.map((g) => (
            <NamedCard key={g.id} id={`game-${g.id}`} name={g.name}>
              {g.currencies.length === 0 ? (
                <p className="mt-3 text-sm text-slate-700">{t("ledger.noCurrencies")}</p>
              ) : (
                <ul className="mt-4 space-y-3" aria-label={t("ledger.currenciesOf", { game: g.name })}>
                  {g.currencies.map((c) => (
                    <CurrencyItem key={c._id} c={c} businessId={businessId} base={base} environment={environment} manage={manage} t={t} locale={frame.locale} />
                  ))}
                </ul>
              )}
              {manage ? (
                <div className="mt-6 border-t border-slate-200 pt-4">
                  <h3 className="text-base font-semibold text-slate-900">{t("ledger.create")}</h3>
                  <div className="mt-3">
                    <PortalForm
                      action={createCurrencyAction.bind(null, { businessId, gameId: g.id })}
                      label={t("ledger.createLabel", { game: g.name })}
                      submit={t("ledger.createSubmit")}
                      pendingLabel={t("ledger.creating")}
                      keepValuesOnError
                    >
                      <div className="grid gap-3 sm:grid-cols-3">
                        <Field id={`code-${g.id}`} label={t("ledger.code")} hint={t("ledger.codeHint")}>
                          {(p) => <Input {...p} name="code" required maxLength={16} autoComplete="off" spellCheck={false} />}
                        </Field>
                        <Field id={`name-${g.id}`} label={t("ledger.name")} hint={t("ledger.nameHint")}>
                          {(p) => <Input {...p} name="name" required maxLength={64} autoComplete="off" />}
                        </Field>
                        <Field id={`newrate-${g.id}`} label={t("ledger.newRate")} hint={t("ledger.newRateHint")}>
                          {(p) => <Input {...p} name="baseUnitsPerVcUnit" inputMode="numeric" autoComplete="off" />}
                        </Field>
                      </div>
                    </PortalForm>
                  </div>
                </div>
              ) : null}
            </NamedCard>
          ))}
        </PortalPageShell>
      );
    },
  );
};

export default LedgerPage;

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
import { formatUnits, formatUsdc, formatWhen } from "@/lib/portal/ledger-format";
import { loadLedgerCurrencies, type LedgerCurrency } from "@/lib/portal/load-ledger-currencies";
import { can } from "@/lib/portal/permissions";
import { NamedCard } from "@/components/portal/named-card";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";
import { createCurrencyAction, setRateAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Ledger · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const CurrencyItem = ({
  c,
  businessId,
  base,
  environment,
  manage,
}: {
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
          {c.pendingCashouts} cashout{c.pendingCashouts === 1 ? "" : "s"} to review
        </a>
      ) : (
        <Badge>No cashouts to review</Badge>
      )}
    </div>
    <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-xs text-slate-600">Cashout rate</dt>
        <dd className="text-slate-900" data-testid="rate">
          {formatUsdc(c.baseUnitsPerVcUnit)} USDC a unit
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-600">In circulation (held by players)</dt>
        <dd className="font-mono text-slate-900" data-testid="in-circulation">
          {formatUnits(c.pool.inCirculationUnits)}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-600">Pool balance</dt>
        <dd className="font-mono text-slate-900" data-testid="pool-balance">
          {formatUnits(c.pool.balanceUnits)}
        </dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-xs text-slate-600">Pool address</dt>
        <dd className="font-mono text-xs [overflow-wrap:anywhere] text-slate-700">{c.pool.address}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-600">Created</dt>
        <dd className="text-slate-700">{formatWhen(c.createdAt)}</dd>
      </div>
    </dl>
    <p className="mt-3 flex flex-wrap gap-x-4">
      <a
        className={`${textLinkClass} inline-flex min-h-11 items-center text-sm`}
        href={`${base}/ledger/journals?${new URLSearchParams({ ...(environment === "live" ? { env: "live" } : {}), currencyId: c._id })}`}
      >
        Journals of {c.code}
      </a>
    </p>
    {manage ? (
      <div className="mt-2 max-w-md">
        <PortalForm
          action={setRateAction.bind(null, { businessId, currencyId: c._id })}
          label={`Change the cashout rate of ${c.code}`}
          submit="Change rate"
          pendingLabel="Saving…"
          variant="secondary"
        >
          <Field
            id={`rate-${c._id}`}
            label="Cashout rate (USDC micro-units a unit)"
            hint={`Now ${c.baseUnitsPerVcUnit} (${formatUsdc(c.baseUnitsPerVcUnit)} USDC). Requests already made keep the rate they captured.`}
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
      return (
        <PortalPageShell
          {...frame}
          title="Ledger"
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">
                Virtual currencies of your {environment} games. Every movement is a balanced journal: the pool issues units to players and takes them back.
              </p>
              <div className="mt-4 flex flex-wrap items-end gap-4">
                <a className={`${textLinkClass} inline-flex min-h-11 items-center`} href={envHref(`${base}/ledger/journals`, environment)}>
                  Explore all journals
                </a>
                <form
                  method="get"
                  action={`${base}/ledger/players`}
                  aria-label="Find a player's ledger"
                  className="flex min-w-0 flex-1 flex-wrap items-end gap-2"
                >
                  {environment === "live" ? <input type="hidden" name="env" value="live" /> : null}
                  <div className="min-w-0 flex-1">
                    <label htmlFor="lookup-player" className={labelClass}>
                      Player&apos;s userRef
                    </label>
                    <input id="lookup-player" name="userRef" required autoComplete="off" spellCheck={false} className={`${inputClass} mt-1.5 font-mono`} />
                  </div>
                  <div className="w-full sm:w-auto">
                    <Button type="submit" variant="secondary">
                      Show balances and history
                    </Button>
                  </div>
                </form>
              </div>
              {games.length === 0 ? <p className="mt-3 text-sm text-slate-700">No {environment} games yet: create one on the Games page.</p> : null}
            </>
          }
        >
          {games.map((g) => (
            <NamedCard key={g.id} id={`game-${g.id}`} name={g.name}>
              {g.currencies.length === 0 ? (
                <p className="mt-3 text-sm text-slate-700">No currencies yet.</p>
              ) : (
                <ul className="mt-4 space-y-3" aria-label={`Currencies of ${g.name}`}>
                  {g.currencies.map((c) => (
                    <CurrencyItem key={c._id} c={c} businessId={businessId} base={base} environment={environment} manage={manage} />
                  ))}
                </ul>
              )}
              {manage ? (
                <div className="mt-6 border-t border-slate-200 pt-4">
                  <h3 className="text-base font-semibold text-slate-900">Create a currency</h3>
                  <div className="mt-3">
                    <PortalForm
                      action={createCurrencyAction.bind(null, { businessId, gameId: g.id })}
                      label={`Create a currency for ${g.name}`}
                      submit="Create currency"
                      pendingLabel="Creating…"
                      keepValuesOnError
                    >
                      <div className="grid gap-3 sm:grid-cols-3">
                        <Field id={`code-${g.id}`} label="Code" hint="2–16 letters, digits or _, starting with a letter; upper-cased.">
                          {(p) => <Input {...p} name="code" required maxLength={16} autoComplete="off" spellCheck={false} />}
                        </Field>
                        <Field id={`name-${g.id}`} label="Name" hint="1–64 characters.">
                          {(p) => <Input {...p} name="name" required maxLength={64} autoComplete="off" />}
                        </Field>
                        <Field id={`newrate-${g.id}`} label="Cashout rate (optional)" hint="USDC micro-units a unit; empty: 10000 (0.01 USDC).">
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

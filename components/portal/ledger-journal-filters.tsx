// The ledger explorer's filter form: a plain GET form (the filters are the URL, so a view can be shared and
// reloaded), by game, currency, journal type, player and a range of days (UTC, both included).
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { inputClass, labelClass, textLinkClass } from "@/components/ui/classes";
import type { Environment } from "@/lib/core/environment";
import type { Translator } from "@/lib/i18n/translator";
import type { LedgerJournalFilter } from "@/lib/portal/list-ledger-journals";

type Options = { games: { id: string; name: string }[]; currencies: { id: string; code: string; name: string; gameId: string }[]; types: string[] };

const Select = ({ id, label, name, value, children }: { id: string; label: string; name: string; value: string; children: ReactNode }) => (
  <div className="min-w-0">
    <label htmlFor={id} className={labelClass}>
      {label}
    </label>
    <select id={id} name={name} defaultValue={value} className={`${inputClass} mt-1.5`}>
      {children}
    </select>
  </div>
);

export const LedgerJournalFilters = ({
  action,
  environment,
  filter,
  options,
  fixed = [],
  t,
}: {
  /** the "portal-money" catalog in the member's language */
  t: Translator;
  action: string;
  environment: Environment;
  filter: Partial<LedgerJournalFilter>;
  options: Options;
  /** filters the page sets itself (a player's page: game and player) */
  fixed?: ("gameId" | "userRef")[];
}) => {
  const games = new Map(options.games.map((g) => [g.id, g.name]));
  return (
    <form method="get" action={action} aria-label={t("journals.filters.label")} className="grid gap-3 sm:grid-cols-3">
      {environment === "live" ? <input type="hidden" name="env" value="live" /> : null}
      {fixed.includes("gameId") ? null : (
        <Select id="f-game" label={t("journals.filters.game")} name="gameId" value={filter.gameId ?? ""}>
          <option value="">{t("journals.filters.allGames")}</option>
          {options.games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </Select>
      )}
      <Select id="f-currency" label={t("journals.filters.currency")} name="currencyId" value={filter.currencyId ?? ""}>
        <option value="">{t("journals.filters.allCurrencies")}</option>
        {options.currencies.map((c) => (
          <option key={c.id} value={c.id}>
            {c.code} · {games.get(c.gameId) ?? ""}
          </option>
        ))}
      </Select>
      <Select id="f-type" label={t("journals.filters.type")} name="type" value={filter.type ?? ""}>
        <option value="">{t("journals.filters.allTypes")}</option>
        {options.types.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </Select>
      {fixed.includes("userRef") ? null : (
        <div className="min-w-0">
          <label htmlFor="f-player" className={labelClass}>
            {t("journals.filters.player")}
          </label>
          <input
            id="f-player"
            name="userRef"
            defaultValue={filter.userRef ?? ""}
            autoComplete="off"
            spellCheck={false}
            className={`${inputClass} mt-1.5 font-mono`}
          />
        </div>
      )}
      <div className="min-w-0">
        <label htmlFor="f-from" className={labelClass}>
          {t("journals.filters.from")}
        </label>
        <input id="f-from" name="from" type="date" defaultValue={filter.from ?? ""} className={`${inputClass} mt-1.5`} />
      </div>
      <div className="min-w-0">
        <label htmlFor="f-to" className={labelClass}>
          {t("journals.filters.to")}
        </label>
        <input id="f-to" name="to" type="date" defaultValue={filter.to ?? ""} className={`${inputClass} mt-1.5`} />
      </div>
      <div className="flex flex-wrap items-center gap-4 sm:col-span-3">
        <div className="w-full sm:w-auto">
          <Button type="submit">{t("journals.filters.apply")}</Button>
        </div>
        <a className={`${textLinkClass} inline-flex min-h-11 items-center`} href={environment === "live" ? `${action}?env=live` : action}>
          {t("journals.filters.clear")}
        </a>
      </div>
    </form>
  );
};

// One deal of the deals page: its code, item, deal price beside the item's regular price, status, and (for
// roles that may change the catalogue) activate / deactivate and the edit form.
import { Badge } from "@/components/ui/badge";
import type { DealItem, PortalDeal } from "@/lib/portal/load-portal-deals";
import { units, usd } from "./catalogue-fields";
import { DealFields } from "./deal-fields";
import { Disclosure } from "./disclosure";
import { PortalForm, type PortalAction } from "./portal-form";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";

export const dealPrice = (d: PortalDeal, currencies: { id: string; code: string }[]) =>
  d.currencyId === null ? usd(d.overridePrice) : units(d.overridePrice, currencies.find((c) => c.id === d.currencyId)?.code ?? d.currencyId);

/** The item's regular price in the deal's currency, or null when it has none there (the deal no longer applies). */
export const regularPrice = (item: DealItem | undefined, d: PortalDeal) => {
  if (!item) return null;
  if (d.currencyId === null) return item.priceCents === null ? null : usd(item.priceCents);
  const vc = item.vcPrices.find((v) => v.currencyId === d.currencyId);
  return vc ? units(vc.amount, vc.code) : null;
};

export const DealItemRow = ({
  deal: d,
  item,
  currencies,
  toggle,
  edit,
  locale,
}: {
  deal: PortalDeal;
  item: DealItem | undefined;
  currencies: { id: string; code: string }[];
  toggle?: PortalAction;
  edit?: PortalAction;
  locale: Locale;
}) => {
  const t = getTranslator(locale, "portal-catalogue");
  const regular = regularPrice(item, d);
  return (
    <li className="rounded-lg p-3 ring-1 ring-slate-200 ring-inset" data-testid={`deal-${d._id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 font-mono font-semibold [overflow-wrap:anywhere] text-slate-900">{d.code}</p>
        <Badge tone={d.status === "active" ? "success" : "neutral"} dot>
          {t(d.status === "active" ? "deals.active" : "deals.inactive")}
        </Badge>
      </div>
      <p className="mt-1 text-sm text-slate-800">
        <span className="font-semibold">{d.itemName}</span>: <span data-testid="deal-price">{dealPrice(d, currencies)}</span>
        {regular ? (
          <span className="text-slate-600">{t("deals.insteadOf", { price: regular })}</span>
        ) : (
          <span className="text-red-700">{t("deals.noPriceHere")}</span>
        )}
      </p>
      {d.metadata ? <p className="mt-1 font-mono text-xs [overflow-wrap:anywhere] text-slate-600">{JSON.stringify(d.metadata)}</p> : null}
      {toggle || edit ? (
        <div className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,14rem)_1fr] sm:items-start">
          {toggle ? (
            <PortalForm
              action={toggle}
              label={t("deals.toggleLabel", { active: String(d.status === "active"), code: d.code })}
              submit={t(d.status === "active" ? "deals.deactivate" : "deals.activate")}
              pendingLabel={t("deals.saving")}
              variant="secondary"
            >
              <input type="hidden" name="status" value={d.status === "active" ? "inactive" : "active"} />
            </PortalForm>
          ) : null}
          {edit ? (
            <Disclosure summary={t("deals.edit", { code: d.code })}>
              <PortalForm action={edit} label={t("deals.edit", { code: d.code })} submit={t("deals.save")} keepValuesOnError pendingLabel={t("deals.saving")}>
                <input type="hidden" name="itemId" value={d.itemId} />
                <DealFields id={`edit-${d._id}`} currencies={currencies} deal={d} locale={locale} />
              </PortalForm>
            </Disclosure>
          ) : null}
        </div>
      ) : null}
    </li>
  );
};

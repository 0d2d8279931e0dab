import type { CheckoutView } from "@/lib/checkout/describe-checkout";
import { formatMoney } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { formatUnits } from "./method-options";
import { SummaryDetails } from "./summary-details";
import type { Translate } from "./translate";

import { formatRate, includedTaxCents } from "@/lib/checkout/included-tax";

export { formatRate, includedTaxCents };

/**
 * What the payer buys: the price (with a deal, the regular price struck through beside it), then the line
 * items: the item at its regular price, the deal's saving, the tax included where the game set one, and
 * the total, every amount with its currency code and formatted for the page's language. On a phone the
 * line items fold behind "Details" under the total (SummaryDetails), so the card form is on the first screen.
 */
export const OrderSummary = ({ view, locale, t }: { view: CheckoutView; locale: Locale; t: Translate }) => {
  const { item, usd, vc } = view;
  const usdText = (cents: number) => formatMoney(locale, cents, "USD");
  const first = vc[0];
  const total = usd ? usdText(usd.final) : first ? formatUnits(locale, first.amount, first.code) : t("summary.noPrice");
  const regular = usd ? usdText(usd.regular) : total;
  const tax = usd && view.game.tax ? { ...view.game.tax, cents: includedTaxCents(usd.final, view.game.tax.rateBps) } : null;
  return (
    <div className="min-w-0">
      <p className="text-sm font-medium text-[var(--co-label)]">{t("summary.payGame", { game: view.game.name })}</p>

      <SummaryDetails
        show={t("summary.showDetails")}
        hide={t("summary.hideDetails")}
        head={
          <div className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <p className="text-3xl font-semibold tracking-tight md:text-4xl text-[var(--co-title)]" data-testid="price">
              {total}
            </p>
            {usd && usd.final !== usd.regular ? (
              <p className="text-lg text-[var(--co-label)]">
                <span className="sr-only">{t("summary.regularPrice")} </span>
                <s>{regular}</s>
              </p>
            ) : null}
          </div>
        }
      >
        {usd?.dealCode ? (
          <p className="mt-2 inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold text-[var(--co-price-override)] ring-1 ring-current ring-inset">
            {t("summary.dealApplied", { code: usd.dealCode, amount: usdText(usd.regular - usd.final) })}
          </p>
        ) : null}
        <table className="mt-6 w-full border-t border-[var(--co-border)] text-sm text-[var(--co-lines)]" data-testid="line-items">
          <caption className="sr-only">{t("summary.heading")}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{t("summary.item")}</th>
              <th scope="col">{t("summary.amount")}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row" className="pt-6 pb-4 text-left align-top font-normal">
                <div className="flex items-start gap-4">
                  {item.imageUrl ? (
                    <img
                      src={item.imageUrl}
                      alt=""
                      width={64}
                      height={64}
                      className="size-16 shrink-0 rounded-lg border border-[var(--co-border)] object-cover"
                    />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="flex size-16 shrink-0 items-center justify-center rounded-lg border border-[var(--co-border)] bg-[var(--co-card)] text-[var(--co-label)]"
                    >
                      <svg
                        viewBox="0 0 24 24"
                        className="size-7"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.75"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      >
                        <path d="M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7H7.5a2.5 2.5 0 1 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 1 0 0-5C13 2 12 7 12 7z" />
                      </svg>
                    </span>
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold [overflow-wrap:anywhere] text-[var(--co-title)]">{item.name}</span>
                    {item.description ? <span className="mt-1 line-clamp-3 block [overflow-wrap:anywhere]">{item.description}</span> : null}
                    <span className="mt-1 block">{t("summary.quantity", { count: 1 })}</span>
                  </span>
                </div>
              </th>
              <td className="pt-6 pb-4 pl-3 text-right align-top font-semibold whitespace-nowrap">{regular}</td>
            </tr>
            {usd?.dealCode && usd.final !== usd.regular ? (
              <tr>
                <th scope="row" className="pb-3 text-left font-normal">
                  {t("summary.deal", { code: usd.dealCode })}
                </th>
                <td className="pb-3 pl-3 text-right whitespace-nowrap">−{usdText(usd.regular - usd.final)}</td>
              </tr>
            ) : null}
            {tax ? (
              <tr data-testid="tax-row">
                <th scope="row" className="pb-3 text-left font-normal text-[var(--co-label)]">
                  {t("summary.tax", { label: tax.label, rate: formatRate(locale, tax.rateBps) })}
                </th>
                <td className="pb-3 pl-3 text-right whitespace-nowrap text-[var(--co-label)]">{usdText(tax.cents)}</td>
              </tr>
            ) : null}
          </tbody>
          <tfoot>
            <tr className="border-t border-[var(--co-border)]" data-testid="total-row">
              <th scope="row" className="pt-4 text-left text-base font-semibold text-[var(--co-title)]">
                {t("summary.total")}
              </th>
              <td className="pt-4 pl-3 text-right text-base font-semibold whitespace-nowrap text-[var(--co-title)]">{total}</td>
            </tr>
          </tfoot>
        </table>
        {vc.length && usd ? (
          <p className="mt-4 text-sm text-[var(--co-label)]">
            {t("summary.orPay", { amounts: vc.map((v) => formatUnits(locale, v.amount, v.code)).join(t("summary.or")) })}
          </p>
        ) : null}
      </SummaryDetails>
    </div>
  );
};

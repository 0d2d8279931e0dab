// One product of the catalogue page: its image, name, prices, flags and key pool counts, and (for roles
// that may change the catalogue) its edit form behind a disclosure.
import { Badge } from "@/components/ui/badge";
import type { PortalCurrency, PortalProduct } from "@/lib/portal/load-portal-products";
import { units, usd } from "./catalogue-fields";
import { FULFILMENT } from "./catalogue-fields";
import { CatalogueProductForm } from "./catalogue-product-fields";
import { Disclosure } from "./disclosure";
import type { PortalAction } from "./portal-form";

const STATUS_TONE: Record<string, "success" | "warning" | "neutral" | "danger"> = {
  active: "success",
  submitted: "warning",
  draft: "neutral",
  declined: "danger",
};

export const priceLine = (
  p: { hasUsdPrice: boolean; price: number; virtualCurrencyPrices: { amount: number; currency: { code: string } }[] },
  noPrice = "No price",
) => [...(p.hasUsdPrice ? [usd(p.price)] : []), ...p.virtualCurrencyPrices.map((v) => units(v.amount, v.currency.code))].join(" · ") || noPrice;

export const ProductImage = ({ url, size = "size-16" }: { url: string; size?: string }) =>
  url ? (
    // a plain img: the URL may be any http(s) host the developer names
    <img src={url} alt="" className={`${size} shrink-0 rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200`} loading="lazy" />
  ) : (
    <div aria-hidden="true" className={`${size} shrink-0 rounded-lg bg-slate-100 ring-1 ring-slate-200`} />
  );

export const CatalogueProductItem = ({
  product: p,
  currencies,
  edit,
}: {
  product: PortalProduct;
  currencies: PortalCurrency[];
  /** the edit action, bound to the product; absent for roles that only read */
  edit?: PortalAction;
}) => (
  <li className="rounded-lg p-3 ring-1 ring-slate-200 ring-inset" data-testid={`product-${p._id}`}>
    <div className="flex min-w-0 gap-3">
      <ProductImage url={p.imageUrl} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900">{p.name}</h3>
          <div className="flex flex-wrap gap-1.5">
            <Badge tone={STATUS_TONE[p.status] ?? "neutral"}>{p.status}</Badge>
            {p.creatorType === "ugc" ? <Badge>Player-made</Badge> : null}
            {!p.isVisible ? <Badge>Hidden</Badge> : null}
            {!p.forSale ? <Badge>Not for sale</Badge> : null}
          </div>
        </div>
        <p className="mt-1 text-sm text-slate-900" data-testid="price-line">
          {priceLine(p)}
          {p.isPriceVisible ? "" : " (price hidden)"}
        </p>
        <dl className="mt-1 grid gap-x-4 gap-y-0.5 text-xs text-slate-700 sm:grid-cols-2">
          <div>
            <dt className="inline text-slate-600">Type </dt>
            <dd className="inline">{p.type}</dd>
          </div>
          <div>
            <dt className="inline text-slate-600">Fulfilment </dt>
            <dd className="inline">{FULFILMENT.find((f) => f.value === p.fulfillmentType)?.label.replace(/ \(.*\)$/, "") ?? p.fulfillmentType}</dd>
          </div>
          {p.virtualCurrencyGrant ? (
            <div>
              <dt className="inline text-slate-600">Grants </dt>
              <dd className="inline">
                {p.virtualCurrencyGrant.amountUnits}{" "}
                {currencies.find((c) => c.id === p.virtualCurrencyGrant!.currencyId)?.code ?? p.virtualCurrencyGrant.currencyId}
              </dd>
            </div>
          ) : null}
          {p.keyPool ? (
            <div data-testid="key-pool">
              <dt className="inline text-slate-600">Key pool </dt>
              <dd className="inline">
                {p.keyPool.available} available, {p.keyPool.delivered} delivered
              </dd>
            </div>
          ) : null}
          {p.perUserLimit ? (
            <div>
              <dt className="inline text-slate-600">Limit per player </dt>
              <dd className="inline">{p.perUserLimit}</dd>
            </div>
          ) : null}
          <div>
            <dt className="inline text-slate-600">Id </dt>
            <dd className="inline font-mono [overflow-wrap:anywhere]">{p._id}</dd>
          </div>
        </dl>
      </div>
    </div>
    {edit ? (
      <Disclosure summary={`Edit ${p.name}`} className="mt-3">
        <CatalogueProductForm
          action={edit}
          label={`Edit ${p.name}`}
          submit="Save product"
          pendingLabel="Saving…"
          id={`edit-${p._id}`}
          currencies={currencies}
          product={p}
        />
      </Disclosure>
    ) : null}
  </li>
);

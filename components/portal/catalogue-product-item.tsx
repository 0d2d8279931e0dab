// One product of the catalogue page: its image, name, prices, flags and key pool counts, and (for roles
// that may change the catalogue) its edit form behind a disclosure.
import { Badge } from "@/components/ui/badge";
import type { PortalCurrency, PortalProduct } from "@/lib/portal/load-portal-products";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { units, usd } from "./catalogue-fields";
import { CatalogueProductForm, type ProductFormWords } from "./catalogue-product-fields";
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

/** The product form's words (a client component) in the member's language. */
export const productFormWords = (t: Translator): ProductFormWords => {
  const words = (keys: readonly string[], prefix: string) => Object.fromEntries(keys.map((k) => [k, t(`${prefix}.${k}`)]));
  const fulfilments = ["NONE", "WEBHOOK", "GRANT_VIRTUAL_CURRENCY", "KEY_DELIVERY"] as const;
  return {
    ...(words(
      [
        "name",
        "type",
        "description",
        "price",
        "priceHint",
        "limit",
        "limitHint",
        "vcLegend",
        "noCurrencies",
        "fulfilment",
        "fulfilmentHint",
        "grantLegend",
        "grantCurrency",
        "grantUnits",
        "addKeys",
        "keysForPool",
        "keysHint",
        "imageUrl",
        "imageHint",
        "requirement",
        "requirementHint",
        "metadata",
        "metadataHint",
        "visible",
        "priceVisible",
        "forSale",
      ],
      "catalogue.form",
    ) as Omit<ProductFormWords, "types" | "fulfilments" | "fulfilmentHints" | "vcPrice">),
    vcPrice: t("catalogue.form.vcPrice", { code: "{code}" }),
    types: words(["purchase", "consumable", "subscription"], "catalogue.form.types") as ProductFormWords["types"],
    fulfilments: words(fulfilments, "catalogue.fulfilments") as ProductFormWords["fulfilments"],
    fulfilmentHints: words(fulfilments, "catalogue.form.fulfilmentHints") as ProductFormWords["fulfilmentHints"],
  };
};

export const CatalogueProductItem = ({
  product: p,
  currencies,
  edit,
  locale,
}: {
  product: PortalProduct;
  currencies: PortalCurrency[];
  /** the edit action, bound to the product; absent for roles that only read */
  edit?: PortalAction;
  locale: Locale;
}) => {
  const t = getTranslator(locale, "portal-catalogue");
  return (
    <li className="rounded-lg p-3 ring-1 ring-slate-200 ring-inset" data-testid={`product-${p._id}`}>
      <div className="flex min-w-0 gap-3">
        <ProductImage url={p.imageUrl} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900">{p.name}</h3>
            <div className="flex flex-wrap gap-1.5">
              <Badge tone={STATUS_TONE[p.status] ?? "neutral"}>
                {t.has(`catalogue.item.status.${p.status}`) ? t(`catalogue.item.status.${p.status}`) : p.status}
              </Badge>
              {p.creatorType === "ugc" ? <Badge>{t("catalogue.item.playerMade")}</Badge> : null}
              {!p.isVisible ? <Badge>{t("catalogue.item.hidden")}</Badge> : null}
              {!p.forSale ? <Badge>{t("catalogue.item.notForSale")}</Badge> : null}
            </div>
          </div>
          <p className="mt-1 text-sm text-slate-900" data-testid="price-line">
            {priceLine(p, t("noPrice"))}
            {p.isPriceVisible ? "" : t("catalogue.item.priceHidden")}
          </p>
          <dl className="mt-1 grid gap-x-4 gap-y-0.5 text-xs text-slate-700 sm:grid-cols-2">
            <div>
              <dt className="inline text-slate-600">{t("catalogue.item.type")}</dt>
              <dd className="inline">{p.type}</dd>
            </div>
            <div>
              <dt className="inline text-slate-600">{t("catalogue.item.fulfilment")}</dt>
              <dd className="inline">
                {t.has(`catalogue.fulfilmentShort.${p.fulfillmentType}`) ? t(`catalogue.fulfilmentShort.${p.fulfillmentType}`) : p.fulfillmentType}
              </dd>
            </div>
            {p.virtualCurrencyGrant ? (
              <div>
                <dt className="inline text-slate-600">{t("catalogue.item.grants")}</dt>
                <dd className="inline">
                  {p.virtualCurrencyGrant.amountUnits}{" "}
                  {currencies.find((c) => c.id === p.virtualCurrencyGrant!.currencyId)?.code ?? p.virtualCurrencyGrant.currencyId}
                </dd>
              </div>
            ) : null}
            {p.keyPool ? (
              <div data-testid="key-pool">
                <dt className="inline text-slate-600">{t("catalogue.item.keyPool")}</dt>
                <dd className="inline">{t("catalogue.item.keys", { available: p.keyPool.available, delivered: p.keyPool.delivered })}</dd>
              </div>
            ) : null}
            {p.perUserLimit ? (
              <div>
                <dt className="inline text-slate-600">{t("catalogue.item.limit")}</dt>
                <dd className="inline">{p.perUserLimit}</dd>
              </div>
            ) : null}
            <div>
              <dt className="inline text-slate-600">{t("catalogue.item.id")}</dt>
              <dd className="inline font-mono [overflow-wrap:anywhere]">{p._id}</dd>
            </div>
          </dl>
        </div>
      </div>
      {edit ? (
        <Disclosure summary={t("catalogue.item.edit", { name: p.name })} className="mt-3">
          <CatalogueProductForm
            action={edit}
            label={t("catalogue.item.edit", { name: p.name })}
            submit={t("catalogue.item.save")}
            pendingLabel={t("catalogue.item.saving")}
            words={productFormWords(t)}
            id={`edit-${p._id}`}
            currencies={currencies}
            product={p}
          />
        </Disclosure>
      ) : null}
    </li>
  );
};

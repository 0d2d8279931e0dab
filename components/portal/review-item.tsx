// One player-made product in the review queue: its image, what the creator wrote, its prices, and (for
// roles that may change the catalogue) approve, with the overrides the review route allows (visibility, sale
// flag, USD and virtual-currency prices, prefilled with the creator's), or decline with a reason.
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";
import type { PortalCurrency } from "@/lib/portal/load-portal-products";
import { VC_FIELD } from "@/lib/portal/product-form";
import type { Product } from "@/lib/products/schemas";
import { Checkbox, TextareaField, TextField } from "./catalogue-fields";
import { priceLine } from "./catalogue-product-item";
import { PortalForm, type PortalAction } from "./portal-form";

const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "—");

export const ReviewItem = ({
  product: p,
  currencies,
  approve,
  decline,
  locale,
}: {
  product: Product;
  currencies: PortalCurrency[];
  approve?: PortalAction;
  decline?: PortalAction;
  locale: Locale;
}) => {
  const t = getTranslator(locale, "portal-catalogue");
  return (
    <li className="rounded-lg p-3 ring-1 ring-slate-200 ring-inset sm:p-4" data-testid={`review-${p._id}`}>
      <div className="flex min-w-0 flex-col gap-4 sm:flex-row">
        {p.imageUrl ? (
          // a plain img: uploaded images live under /uploads, and a creator may name any http(s) URL
          <img
            src={p.imageUrl}
            alt={t("reviews.imageAlt", { name: p.name })}
            className="aspect-square w-full max-w-48 shrink-0 rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200"
          />
        ) : (
          <p className="flex aspect-square w-full max-w-48 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-sm text-slate-700 ring-1 ring-slate-200">
            {t("reviews.noImage")}
          </p>
        )}
        <div className="min-w-0 flex-1">
          <h3 className="text-base font-semibold [overflow-wrap:anywhere] text-slate-900">{p.name}</h3>
          {p.description ? <p className="mt-1 text-sm whitespace-pre-line [overflow-wrap:anywhere] text-slate-800">{p.description}</p> : null}
          <dl className="mt-2 grid gap-x-4 gap-y-0.5 text-xs text-slate-700 sm:grid-cols-2">
            <div>
              <dt className="inline text-slate-600">{t("reviews.asks")}</dt>
              <dd className="inline font-semibold text-slate-900">{priceLine(p, t("noPrice"))}</dd>
            </div>
            <div>
              <dt className="inline text-slate-600">{t("reviews.type")}</dt>
              <dd className="inline">
                {p.type}, {p.fulfillmentType}
              </dd>
            </div>
            <div>
              <dt className="inline text-slate-600">{t("reviews.creator")}</dt>
              <dd className="inline font-mono [overflow-wrap:anywhere]">{p.creatorUserRef}</dd>
            </div>
            <div>
              <dt className="inline text-slate-600">{t("reviews.submitted")}</dt>
              <dd className="inline">{when(p.submittedAt)}</dd>
            </div>
            {p.reviewNote ? (
              <div className="sm:col-span-2">
                <dt className="inline text-slate-600">{t("reviews.earlierDecline")}</dt>
                <dd className="inline">{p.reviewNote}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      </div>
      {approve && decline ? (
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <div className="rounded-lg bg-emerald-50/60 p-3 ring-1 ring-emerald-200 ring-inset">
            <PortalForm
              action={approve}
              label={t("reviews.approveLabel", { name: p.name })}
              submit={t("reviews.approve")}
              keepValuesOnError
              pendingLabel={t("reviews.approving")}
            >
              <p className="text-sm text-slate-800">{t("reviews.approveExplain")}</p>
              <div className="grid gap-x-4 sm:grid-cols-2">
                <Checkbox id={`approve-${p._id}-visible`} name="isVisible" label={t("reviews.visible")} defaultChecked />
                <Checkbox id={`approve-${p._id}-for-sale`} name="forSale" label={t("reviews.forSale")} defaultChecked />
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField
                  id={`approve-${p._id}-price`}
                  name="price"
                  label={t("reviews.usdPrice")}
                  hint={t("reviews.usdPriceHint")}
                  inputMode="numeric"
                  defaultValue={p.hasUsdPrice ? String(p.price) : ""}
                />
                {currencies.map((c) => (
                  <TextField
                    key={c.id}
                    id={`approve-${p._id}-vc-${c.id}`}
                    name={`${VC_FIELD}${c.id}`}
                    label={t("reviews.vcPrice", { code: c.code })}
                    hint={t("reviews.vcPriceHint")}
                    inputMode="numeric"
                    defaultValue={String(p.virtualCurrencyPrices.find((v) => v.currencyId === c.id)?.amount ?? "")}
                  />
                ))}
              </div>
            </PortalForm>
          </div>
          <div className="rounded-lg bg-red-50/60 p-3 ring-1 ring-red-200 ring-inset">
            <PortalForm
              action={decline}
              label={t("reviews.declineLabel", { name: p.name })}
              submit={t("reviews.decline")}
              keepValuesOnError
              pendingLabel={t("reviews.declining")}
              variant="secondary"
            >
              <TextareaField
                id={`decline-${p._id}-reason`}
                name="reason"
                label={t("reviews.reasonLabel")}
                hint={t("reviews.reasonHint")}
                rows={3}
                required
                maxLength={1000}
              />
            </PortalForm>
          </div>
        </div>
      ) : null}
    </li>
  );
};

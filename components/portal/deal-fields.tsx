// The fields of the new-deal and edit-deal forms: the deal rules of game-api.md ("Deal"): a code (unique
// per item), USD or one virtual currency, the override price (cents for USD, units for a currency), the
// status and optional flat metadata. The item is chosen when the deal is made and does not change.
import type { Deal } from "@/lib/deals/schemas";
import type { DealItem } from "@/lib/portal/load-portal-deals";
import { SelectField, TextareaField, TextField } from "./catalogue-fields";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";

export const DealFields = ({ id, currencies, deal, locale }: { id: string; currencies: { id: string; code: string }[]; deal?: Deal; locale: Locale }) => {
  const t = getTranslator(locale, "portal-catalogue");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={`${id}-code`}
        name="code"
        label={t("deals.code")}
        hint={t("deals.codeHint")}
        required
        maxLength={64}
        spellCheck={false}
        defaultValue={deal?.code}
      />
      <SelectField
        id={`${id}-currency`}
        name="currencyId"
        label={t("deals.currency")}
        hint={t("deals.currencyHint")}
        options={[{ value: "USD", label: "USD" }, ...currencies.map((c) => ({ value: c.id, label: c.code }))]}
        defaultValue={deal?.currencyId ?? "USD"}
      />
      <TextField
        id={`${id}-price`}
        name="overridePrice"
        label={t("deals.price")}
        hint={t("deals.priceHint")}
        required
        inputMode="numeric"
        defaultValue={deal ? String(deal.overridePrice) : ""}
      />
      <SelectField
        id={`${id}-status`}
        name="status"
        label={t("deals.status")}
        options={[
          { value: "active", label: t("deals.statusActive") },
          { value: "inactive", label: t("deals.statusInactive") },
        ]}
        defaultValue={deal?.status ?? "active"}
      />
      <TextareaField
        id={`${id}-metadata`}
        name="metadata"
        label={t("deals.metadata")}
        hint={t("deals.metadataHint")}
        rows={2}
        spellCheck={false}
        className="font-mono text-sm"
        defaultValue={deal?.metadata ? JSON.stringify(deal.metadata) : ""}
      />
    </div>
  );
};

/** The item select of a new deal: every product of the game, with its regular prices. */
export const DealItemField = ({ id, items, priceOf, locale }: { id: string; items: DealItem[]; priceOf: (i: DealItem) => string; locale: Locale }) => {
  const t = getTranslator(locale, "portal-catalogue");
  const status = (s: string) => (t.has(`catalogue.item.status.${s}`) ? t(`catalogue.item.status.${s}`) : s);
  return (
    <SelectField
      id={`${id}-item`}
      name="itemId"
      label={t("deals.item")}
      hint={t("deals.itemHint")}
      options={items.map((i) => ({ value: i.id, label: `${i.name} (${priceOf(i)})${i.status === "active" ? "" : ` [${status(i.status)}]`}` }))}
    />
  );
};

"use client";
// The fields of the new-product and edit-product forms: every field of POST /v1/product, the USD price in
// dollars (4.99, not cents), a price per currency of the game in whole units, and only the fields the chosen
// fulfilment needs: the grant of GRANT_VIRTUAL_CURRENCY, the keys of KEY_DELIVERY. `product` fills them for an
// edit; `errors` (form field → message) shows the server's refusal under each field. Keys are only ever added
// here: the pool is shown as counts, never as values.
import { useState } from "react";
import type { Product } from "@/lib/products/schemas";
import type { PortalCurrency } from "@/lib/portal/load-portal-products";
import { priceFieldOf, VC_FIELD } from "@/lib/portal/product-form";
import { Checkbox, SelectField, TextareaField, TextField } from "./catalogue-fields";
import { PortalForm, type PortalAction } from "./portal-form";

const TYPES = ["purchase", "consumable", "subscription"] as const;
const FULFILMENTS = ["NONE", "WEBHOOK", "GRANT_VIRTUAL_CURRENCY", "KEY_DELIVERY"] as const;
type Fulfilment = (typeof FULFILMENTS)[number];

/** The form's words in the member's language, translated by the server page; `vcPrice` keeps its `{code}`. */
export type ProductFormWords = {
  name: string;
  type: string;
  types: Record<(typeof TYPES)[number], string>;
  description: string;
  price: string;
  priceHint: string;
  limit: string;
  limitHint: string;
  vcLegend: string;
  vcPrice: string;
  noCurrencies: string;
  fulfilment: string;
  fulfilmentHint: string;
  fulfilments: Record<Fulfilment, string>;
  fulfilmentHints: Record<Fulfilment, string>;
  grantLegend: string;
  grantCurrency: string;
  grantUnits: string;
  addKeys: string;
  keysForPool: string;
  keysHint: string;
  imageUrl: string;
  imageHint: string;
  requirement: string;
  requirementHint: string;
  metadata: string;
  metadataHint: string;
  visible: string;
  priceVisible: string;
  forSale: string;
};

const isFulfilment = (v: string): v is Fulfilment => (FULFILMENTS as readonly string[]).includes(v);

export const CatalogueProductFields = ({
  id,
  currencies,
  product,
  errors = {},
  words: w,
}: {
  id: string;
  currencies: PortalCurrency[];
  product?: Product;
  errors?: Record<string, string>;
  words: ProductFormWords;
}) => {
  const vcOf = (currencyId: string) => product?.virtualCurrencyPrices.find((p) => p.currencyId === currencyId)?.amount;
  const grant = product?.virtualCurrencyGrant;
  const [fulfilment, setFulfilment] = useState(product?.fulfillmentType ?? "NONE");
  const grantOptions = FULFILMENTS.filter((f) => f !== "GRANT_VIRTUAL_CURRENCY" || currencies.length > 0 || fulfilment === f).map((f) => ({
    value: f,
    label: w.fulfilments[f],
  }));
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-name`} name="name" label={w.name} required maxLength={200} defaultValue={product?.name} error={errors.name} />
        <SelectField
          id={`${id}-type`}
          name="type"
          label={w.type}
          options={TYPES.map((t) => ({ value: t, label: w.types[t] }))}
          defaultValue={product?.type ?? "purchase"}
          error={errors.type}
        />
      </div>
      <TextareaField
        id={`${id}-description`}
        name="description"
        label={w.description}
        rows={2}
        maxLength={5000}
        defaultValue={product?.description}
        error={errors.description}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-price`}
          name="price"
          label={w.price}
          hint={w.priceHint}
          inputMode="decimal"
          defaultValue={product ? priceFieldOf(product.hasUsdPrice ? product.price : null) : ""}
          error={errors.price}
        />
        <TextField
          id={`${id}-limit`}
          name="perUserLimit"
          label={w.limit}
          hint={w.limitHint}
          inputMode="numeric"
          defaultValue={product?.perUserLimit ? String(product.perUserLimit) : ""}
          error={errors.perUserLimit}
        />
      </div>
      {currencies.length ? (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold text-slate-900">{w.vcLegend}</legend>
          {currencies.map((c) => (
            <TextField
              key={c.id}
              id={`${id}-vc-${c.id}`}
              name={`${VC_FIELD}${c.id}`}
              label={w.vcPrice.replace("{code}", c.code)}
              inputMode="numeric"
              defaultValue={vcOf(c.id) === undefined ? "" : String(vcOf(c.id))}
              error={errors[`${VC_FIELD}${c.id}`]}
            />
          ))}
        </fieldset>
      ) : (
        <p className="text-sm text-slate-700">{w.noCurrencies}</p>
      )}
      <SelectField
        id={`${id}-fulfilment`}
        name="fulfillmentType"
        label={w.fulfilment}
        hint={isFulfilment(fulfilment) ? w.fulfilmentHints[fulfilment] : w.fulfilmentHint}
        options={grantOptions}
        value={fulfilment}
        onChange={(e) => setFulfilment(e.target.value)}
        error={errors.fulfillmentType}
      />
      {fulfilment === "GRANT_VIRTUAL_CURRENCY" && currencies.length ? (
        <fieldset className="grid gap-4 rounded-lg p-3 ring-1 ring-slate-200 ring-inset sm:grid-cols-2" data-testid="grant-fields">
          <legend className="px-1 text-sm font-semibold text-slate-900">{w.grantLegend}</legend>
          <SelectField
            id={`${id}-grant-currency`}
            name="grantCurrencyId"
            label={w.grantCurrency}
            options={currencies.map((c) => ({ value: c.id, label: `${c.code} (${c.name})` }))}
            defaultValue={grant?.currencyId ?? currencies[0]!.id}
            error={errors.grantCurrencyId}
          />
          <TextField
            id={`${id}-grant-units`}
            name="grantAmountUnits"
            label={w.grantUnits}
            inputMode="numeric"
            defaultValue={grant?.amountUnits ?? ""}
            error={errors.grantAmountUnits}
          />
        </fieldset>
      ) : null}
      {fulfilment === "KEY_DELIVERY" ? (
        <TextareaField
          id={`${id}-keys`}
          name="keys"
          label={product?.fulfillmentType === "KEY_DELIVERY" ? w.addKeys : w.keysForPool}
          hint={w.keysHint}
          rows={3}
          spellCheck={false}
          autoComplete="off"
          error={errors.keys}
        />
      ) : null}
      <TextField
        id={`${id}-image`}
        name="imageUrl"
        label={w.imageUrl}
        hint={w.imageHint}
        type="url"
        maxLength={2048}
        defaultValue={product?.imageUrl}
        error={errors.imageUrl}
      />
      <TextareaField
        id={`${id}-requirement`}
        name="baseGameRequirementText"
        label={w.requirement}
        hint={w.requirementHint}
        rows={1}
        maxLength={1000}
        defaultValue={product?.baseGameRequirementText}
        error={errors.baseGameRequirementText}
      />
      <TextareaField
        id={`${id}-metadata`}
        name="metadata"
        label={w.metadata}
        hint={w.metadataHint}
        rows={2}
        spellCheck={false}
        className="font-mono text-sm"
        defaultValue={product && Object.keys(product.metadata).length ? JSON.stringify(product.metadata) : ""}
        error={errors.metadata}
      />
      <div className="grid gap-x-4 sm:grid-cols-3">
        <Checkbox id={`${id}-visible`} name="isVisible" label={w.visible} defaultChecked={product?.isVisible ?? true} />
        <Checkbox id={`${id}-price-visible`} name="isPriceVisible" label={w.priceVisible} defaultChecked={product?.isPriceVisible ?? true} />
        <Checkbox id={`${id}-for-sale`} name="forSale" label={w.forSale} defaultChecked={product?.forSale ?? true} />
      </div>
    </div>
  );
};

/**
 * The new-product or edit-product form: checked by the server only (no browser bubbles), its refusal as one
 * alert and each field's message under the field, what was typed kept.
 */
export const CatalogueProductForm = ({
  action,
  label,
  submit,
  pendingLabel,
  id,
  currencies,
  product,
  words,
}: {
  action: PortalAction;
  label: string;
  submit: string;
  pendingLabel: string;
  id: string;
  currencies: PortalCurrency[];
  product?: Product;
  words: ProductFormWords;
}) => (
  <PortalForm
    action={action}
    label={label}
    submit={submit}
    pendingLabel={pendingLabel}
    keepValuesOnError
    noValidate
    fields={(state) => (
      <CatalogueProductFields
        id={id}
        currencies={currencies}
        product={product}
        words={words}
        errors={Object.fromEntries((state.fieldErrors ?? []).map((e) => [e.field, e.message]))}
      />
    )}
  />
);

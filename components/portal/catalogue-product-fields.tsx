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
import { Checkbox, FULFILMENT, SelectField, TextareaField, TextField } from "./catalogue-fields";
import { PortalForm, type PortalAction } from "./portal-form";

const TYPES = [
  { value: "purchase", label: "Purchase (bought once)" },
  { value: "consumable", label: "Consumable (bought again and again)" },
  { value: "subscription", label: "Subscription (renews)" },
];

const FULFILMENT_HINT: Record<string, string> = {
  NONE: "Your game grants the item when it sees the purchase.",
  WEBHOOK: "Your server hears Purchases.Completed and grants the item.",
  GRANT_VIRTUAL_CURRENCY: "Coinop credits the buyer the currency below.",
  KEY_DELIVERY: "Coinop hands the buyer one key from the pool below.",
};

export const CatalogueProductFields = ({
  id,
  currencies,
  product,
  errors = {},
}: {
  id: string;
  currencies: PortalCurrency[];
  product?: Product;
  errors?: Record<string, string>;
}) => {
  const vcOf = (currencyId: string) => product?.virtualCurrencyPrices.find((p) => p.currencyId === currencyId)?.amount;
  const grant = product?.virtualCurrencyGrant;
  const [fulfilment, setFulfilment] = useState(product?.fulfillmentType ?? "NONE");
  const grantOptions = FULFILMENT.filter((f) => f.value !== "GRANT_VIRTUAL_CURRENCY" || currencies.length > 0 || fulfilment === f.value);
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-name`} name="name" label="Name" required maxLength={200} defaultValue={product?.name} error={errors.name} />
        <SelectField id={`${id}-type`} name="type" label="Type" options={TYPES} defaultValue={product?.type ?? "purchase"} error={errors.type} />
      </div>
      <TextareaField
        id={`${id}-description`}
        name="description"
        label="Description"
        rows={2}
        maxLength={5000}
        defaultValue={product?.description}
        error={errors.description}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-price`}
          name="price"
          label="Price (USD)"
          hint="In dollars, like 4.99; 0 is free. Empty: no USD price (give a currency price)."
          inputMode="decimal"
          defaultValue={product ? priceFieldOf(product.hasUsdPrice ? product.price : null) : ""}
          error={errors.price}
        />
        <TextField
          id={`${id}-limit`}
          name="perUserLimit"
          label="Limit per player"
          hint="Most purchases per player. Empty or 0: no limit."
          inputMode="numeric"
          defaultValue={product?.perUserLimit ? String(product.perUserLimit) : ""}
          error={errors.perUserLimit}
        />
      </div>
      {currencies.length ? (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold text-slate-900">Virtual-currency prices (whole units; empty: not sold for it)</legend>
          {currencies.map((c) => (
            <TextField
              key={c.id}
              id={`${id}-vc-${c.id}`}
              name={`${VC_FIELD}${c.id}`}
              label={`Price in ${c.code}`}
              inputMode="numeric"
              defaultValue={vcOf(c.id) === undefined ? "" : String(vcOf(c.id))}
              error={errors[`${VC_FIELD}${c.id}`]}
            />
          ))}
        </fieldset>
      ) : (
        <p className="text-sm text-slate-700">This game has no virtual currencies: prices are in USD.</p>
      )}
      <SelectField
        id={`${id}-fulfilment`}
        name="fulfillmentType"
        label="Fulfilment"
        hint={FULFILMENT_HINT[fulfilment] ?? "What happens after payment."}
        options={grantOptions}
        value={fulfilment}
        onChange={(e) => setFulfilment(e.target.value)}
        error={errors.fulfillmentType}
      />
      {fulfilment === "GRANT_VIRTUAL_CURRENCY" && currencies.length ? (
        <fieldset className="grid gap-4 rounded-lg p-3 ring-1 ring-slate-200 ring-inset sm:grid-cols-2" data-testid="grant-fields">
          <legend className="px-1 text-sm font-semibold text-slate-900">What a purchase grants</legend>
          <SelectField
            id={`${id}-grant-currency`}
            name="grantCurrencyId"
            label="Currency granted"
            options={currencies.map((c) => ({ value: c.id, label: `${c.code} (${c.name})` }))}
            defaultValue={grant?.currencyId ?? currencies[0]!.id}
            error={errors.grantCurrencyId}
          />
          <TextField
            id={`${id}-grant-units`}
            name="grantAmountUnits"
            label="Units per purchase"
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
          label={product?.fulfillmentType === "KEY_DELIVERY" ? "Add keys to the pool" : "Keys for the pool"}
          hint="One key a line, up to 1000 at a time. Keys are added to the pool and never shown again here."
          rows={3}
          spellCheck={false}
          autoComplete="off"
          error={errors.keys}
        />
      ) : null}
      <TextField
        id={`${id}-image`}
        name="imageUrl"
        label="Image URL"
        hint="An http(s) address of the product's image; empty for none."
        type="url"
        maxLength={2048}
        defaultValue={product?.imageUrl}
        error={errors.imageUrl}
      />
      <TextareaField
        id={`${id}-requirement`}
        name="baseGameRequirementText"
        label="Base game requirement"
        hint="Optional, e.g. “Requires the base game”."
        rows={1}
        maxLength={1000}
        defaultValue={product?.baseGameRequirementText}
        error={errors.baseGameRequirementText}
      />
      <TextareaField
        id={`${id}-metadata`}
        name="metadata"
        label="Metadata (JSON object)"
        hint="Returned as sent; at most 10 KB. Empty: {}."
        rows={2}
        spellCheck={false}
        className="font-mono text-sm"
        defaultValue={product && Object.keys(product.metadata).length ? JSON.stringify(product.metadata) : ""}
        error={errors.metadata}
      />
      <div className="grid gap-x-4 sm:grid-cols-3">
        <Checkbox id={`${id}-visible`} name="isVisible" label="Visible to players" defaultChecked={product?.isVisible ?? true} />
        <Checkbox id={`${id}-price-visible`} name="isPriceVisible" label="Price visible" defaultChecked={product?.isPriceVisible ?? true} />
        <Checkbox id={`${id}-for-sale`} name="forSale" label="For sale" defaultChecked={product?.forSale ?? true} />
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
}: {
  action: PortalAction;
  label: string;
  submit: string;
  pendingLabel: string;
  id: string;
  currencies: PortalCurrency[];
  product?: Product;
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
        errors={Object.fromEntries((state.fieldErrors ?? []).map((e) => [e.field, e.message]))}
      />
    )}
  />
);

// The fields of the new-product and edit-product forms: every field of POST /v1/product, a price per
// currency of the game, the grant of GRANT_VIRTUAL_CURRENCY and the keys of KEY_DELIVERY. `product` fills
// them for an edit. Keys are only ever added here: the pool is shown as counts, never as values.
import type { Product } from "@/lib/products/schemas";
import type { PortalCurrency } from "@/lib/portal/load-portal-products";
import { VC_FIELD } from "@/lib/portal/product-form";
import { Checkbox, SelectField, TextareaField, TextField } from "./catalogue-fields";

const TYPES = [
  { value: "purchase", label: "Purchase (bought once)" },
  { value: "consumable", label: "Consumable (bought again and again)" },
  { value: "subscription", label: "Subscription (renews)" },
];

export const FULFILMENT = [
  { value: "NONE", label: "None (your game grants it)" },
  { value: "WEBHOOK", label: "Webhook (Purchases.Completed tells your server)" },
  { value: "GRANT_VIRTUAL_CURRENCY", label: "Grant virtual currency" },
  { value: "KEY_DELIVERY", label: "Key delivery (one key from the pool per purchase)" },
];

export const CatalogueProductFields = ({ id, currencies, product }: { id: string; currencies: PortalCurrency[]; product?: Product }) => {
  const vcOf = (currencyId: string) => product?.virtualCurrencyPrices.find((p) => p.currencyId === currencyId)?.amount;
  const grant = product?.virtualCurrencyGrant;
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-name`} name="name" label="Name" required maxLength={200} defaultValue={product?.name} />
        <SelectField id={`${id}-type`} name="type" label="Type" options={TYPES} defaultValue={product?.type ?? "purchase"} />
      </div>
      <TextareaField id={`${id}-description`} name="description" label="Description" rows={2} maxLength={5000} defaultValue={product?.description} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-price`}
          name="price"
          label="USD price (cents)"
          hint="499 is USD 4.99; 0 is free. Empty: no USD price (give a currency price)."
          inputMode="numeric"
          defaultValue={product ? (product.hasUsdPrice ? String(product.price) : "") : ""}
        />
        <TextField
          id={`${id}-limit`}
          name="perUserLimit"
          label="Limit per player"
          hint="Most purchases per player. Empty or 0: no limit."
          inputMode="numeric"
          defaultValue={product?.perUserLimit ? String(product.perUserLimit) : ""}
        />
      </div>
      {currencies.length ? (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold text-slate-900">Virtual-currency prices (units; empty: not sold for it)</legend>
          {currencies.map((c) => (
            <TextField
              key={c.id}
              id={`${id}-vc-${c.id}`}
              name={`${VC_FIELD}${c.id}`}
              label={`Price in ${c.code}`}
              inputMode="numeric"
              defaultValue={vcOf(c.id) === undefined ? "" : String(vcOf(c.id))}
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
        hint="What happens after payment."
        options={FULFILMENT}
        defaultValue={product?.fulfillmentType ?? "NONE"}
      />
      {currencies.length ? (
        <fieldset className="grid gap-4 rounded-lg p-3 ring-1 ring-slate-200 ring-inset sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold text-slate-900">Grant (Grant virtual currency only)</legend>
          <SelectField
            id={`${id}-grant-currency`}
            name="grantCurrencyId"
            label="Currency granted"
            options={currencies.map((c) => ({ value: c.id, label: `${c.code} (${c.name})` }))}
            defaultValue={grant?.currencyId ?? currencies[0]!.id}
          />
          <TextField id={`${id}-grant-units`} name="grantAmountUnits" label="Units per purchase" inputMode="numeric" defaultValue={grant?.amountUnits ?? ""} />
        </fieldset>
      ) : null}
      <TextareaField
        id={`${id}-keys`}
        name="keys"
        label={product?.fulfillmentType === "KEY_DELIVERY" ? "Add keys to the pool" : "Keys (Key delivery only)"}
        hint="One key a line, up to 1000 at a time. Keys are added to the pool and never shown again here."
        rows={3}
        spellCheck={false}
        autoComplete="off"
      />
      <TextField
        id={`${id}-image`}
        name="imageUrl"
        label="Image URL"
        hint="An http(s) address of the product's image; empty for none."
        type="url"
        maxLength={2048}
        defaultValue={product?.imageUrl}
      />
      <TextareaField
        id={`${id}-requirement`}
        name="baseGameRequirementText"
        label="Base game requirement"
        hint="Optional, e.g. “Requires the base game”."
        rows={1}
        maxLength={1000}
        defaultValue={product?.baseGameRequirementText}
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
      />
      <div className="grid gap-x-4 sm:grid-cols-3">
        <Checkbox id={`${id}-visible`} name="isVisible" label="Visible to players" defaultChecked={product?.isVisible ?? true} />
        <Checkbox id={`${id}-price-visible`} name="isPriceVisible" label="Price visible" defaultChecked={product?.isPriceVisible ?? true} />
        <Checkbox id={`${id}-for-sale`} name="forSale" label="For sale" defaultChecked={product?.forSale ?? true} />
      </div>
    </div>
  );
};

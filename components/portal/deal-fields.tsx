// The fields of the new-deal and edit-deal forms: the deal rules of game-api.md ("Deal"): a code (unique
// per item), USD or one virtual currency, the override price (cents for USD, units for a currency), the
// status and optional flat metadata. The item is chosen when the deal is made and does not change.
import type { Deal } from "@/lib/deals/schemas";
import type { DealItem } from "@/lib/portal/load-portal-deals";
import { SelectField, TextareaField, TextField } from "./catalogue-fields";

export const DealFields = ({ id, currencies, deal }: { id: string; currencies: { id: string; code: string }[]; deal?: Deal }) => (
  <div className="grid gap-4 sm:grid-cols-2">
    <TextField
      id={`${id}-code`}
      name="code"
      label="Code"
      hint="What the player enters, e.g. LAUNCH40: 1–64 characters without spaces, unique for the item in any case."
      required
      maxLength={64}
      spellCheck={false}
      defaultValue={deal?.code}
    />
    <SelectField
      id={`${id}-currency`}
      name="currencyId"
      label="Currency"
      hint="A deal is in USD or in one virtual currency the item is priced in."
      options={[{ value: "USD", label: "USD" }, ...currencies.map((c) => ({ value: c.id, label: c.code }))]}
      defaultValue={deal?.currencyId ?? "USD"}
    />
    <TextField
      id={`${id}-price`}
      name="overridePrice"
      label="Deal price"
      hint="Cents for USD (299 is USD 2.99), units for a virtual currency."
      required
      inputMode="numeric"
      defaultValue={deal ? String(deal.overridePrice) : ""}
    />
    <SelectField
      id={`${id}-status`}
      name="status"
      label="Status"
      options={[
        { value: "active", label: "Active (the code works)" },
        { value: "inactive", label: "Inactive (the code is refused)" },
      ]}
      defaultValue={deal?.status ?? "active"}
    />
    <TextareaField
      id={`${id}-metadata`}
      name="metadata"
      label="Metadata (optional JSON object)"
      hint="Flat: at most 50 keys; strings, numbers, true/false or null."
      rows={2}
      spellCheck={false}
      className="font-mono text-sm"
      defaultValue={deal?.metadata ? JSON.stringify(deal.metadata) : ""}
    />
  </div>
);

/** The item select of a new deal: every product of the game, with its regular prices. */
export const DealItemField = ({ id, items, priceOf }: { id: string; items: DealItem[]; priceOf: (i: DealItem) => string }) => (
  <SelectField
    id={`${id}-item`}
    name="itemId"
    label="Item"
    hint="The one item the deal applies to."
    options={items.map((i) => ({ value: i.id, label: `${i.name} (${priceOf(i)})${i.status === "active" ? "" : ` [${i.status}]`}` }))}
  />
);

"use server";
// The catalogue pages' server actions: products (create, edit) and deals (create, edit, activate, deactivate).
// Each is one portalAction calling one lib/portal service, which checks the member's role first and then
// validates with the /v1 schema. The business, game, product or deal are bound by the page.
import { z } from "zod";
import { textField } from "@/lib/hosted/action";
import { createPortalDeal } from "@/lib/portal/create-portal-deal";
import { createPortalProduct } from "@/lib/portal/create-portal-product";
import type { DealForm } from "@/lib/portal/deal-form";
import { vcFieldsOf, type ProductForm } from "@/lib/portal/product-form";
import { updatePortalDeal } from "@/lib/portal/update-portal-deal";
import { updatePortalProduct } from "@/lib/portal/update-portal-product";
import { portalAction, type Bound } from "../../_lib/answer";

type OnGame = Bound & { gameId: string };
type OnDeal = Bound & { dealId: string };

const ProductFields = z.object({
  name: textField(300, "The name is too long."),
  type: textField(40, "Choose a type."),
  fulfillmentType: textField(40, "Choose a fulfilment type."),
  description: textField(6000, "The description is too long."),
  baseGameRequirementText: textField(1200, "The requirement text is too long."),
  price: textField(30, "The price is too long."),
  perUserLimit: textField(30, "The limit is too long."),
  imageUrl: textField(2100, "The image URL is too long."),
  metadata: textField(12_000, "The metadata is too long (at most 10 KB)."),
  isVisible: textField(8, "Tick or untick the box."),
  isPriceVisible: textField(8, "Tick or untick the box."),
  forSale: textField(8, "Tick or untick the box."),
  grantCurrencyId: textField(80, "Choose a currency."),
  grantAmountUnits: textField(40, "The amount is too long."),
  keys: textField(600_000, "Add at most 1000 keys at a time."),
});

const productFormOf = (input: z.output<typeof ProductFields>, form: FormData): ProductForm => ({ ...input, vcPrices: vcFieldsOf(form) });

export const createProductAction = portalAction(
  ProductFields,
  (ctx, input, { businessId, gameId }: OnGame, form) => createPortalProduct(ctx, { businessId, gameId, form: productFormOf(input, form) }),
  (p) => ({ notice: `Product “${p.name}” created.` }),
  { doing: "creating a product", fieldErrors: true },
);

export const updateProductAction = portalAction(
  ProductFields,
  (ctx, input, { businessId, productId }: Bound & { productId: string }, form) =>
    updatePortalProduct(ctx, { businessId, productId, form: productFormOf(input, form) }),
  (p) => ({ notice: p.keysAvailable === null ? `Saved “${p.name}”.` : `Saved “${p.name}”. Keys available: ${p.keysAvailable}.` }),
  { doing: "saving a product", fieldErrors: true },
);

const DealFields = z.object({
  itemId: textField(80, "Choose an item."),
  code: textField(80, "The code is too long (at most 64 characters)."),
  currencyId: textField(80, "Choose a currency."),
  overridePrice: textField(30, "The price is too long."),
  status: textField(20, "Choose active or inactive."),
  metadata: textField(12_000, "The metadata is too long."),
});

const dealFormOf = ({ code, currencyId, overridePrice, status, metadata }: z.output<typeof DealFields>): DealForm => ({
  code,
  currencyId,
  overridePrice,
  status,
  metadata,
});

export const createDealAction = portalAction(
  DealFields,
  (ctx, input, { businessId, gameId }: OnGame) => createPortalDeal(ctx, { businessId, gameId, itemId: input.itemId, form: dealFormOf(input) }),
  (d) => ({ notice: `Deal “${d.code}” created (${d.status}).` }),
  { doing: "creating a deal" },
);

export const updateDealAction = portalAction(
  DealFields,
  (ctx, input, { businessId, dealId }: OnDeal) => updatePortalDeal(ctx, { businessId, dealId, form: dealFormOf(input) }),
  (d) => ({ notice: `Deal “${d.code}” saved.` }),
  { doing: "saving a deal" },
);

const StatusForm = z.object({ status: textField(20, "Choose active or inactive.") });

export const setDealStatusAction = portalAction(
  StatusForm,
  (ctx, { status }, { businessId, dealId }: OnDeal) => updatePortalDeal(ctx, { businessId, dealId, status: status === "active" ? "active" : "inactive" }),
  (d) => ({ notice: d.status === "active" ? `Deal “${d.code}” is active.` : `Deal “${d.code}” is inactive.` }),
  { doing: "changing a deal's status" },
);

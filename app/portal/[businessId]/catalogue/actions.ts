"use server";
// The catalogue's server actions: products (create, edit) and deals (create, edit, activate, deactivate).
// Each runs through the hosted action kernel and calls one lib/portal service, which checks the member's
// role first and then validates with the /v1 schema. The business, game, product or deal are bound by the page.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { createPortalDeal } from "@/lib/portal/create-portal-deal";
import { createPortalProduct } from "@/lib/portal/create-portal-product";
import type { DealForm } from "@/lib/portal/deal-form";
import { vcFieldsOf, type ProductForm } from "@/lib/portal/product-form";
import { updatePortalDeal } from "@/lib/portal/update-portal-deal";
import { updatePortalProduct } from "@/lib/portal/update-portal-product";
import { answerOf } from "../../_lib/answer";

const unexpected = (what: string) => ({ log: `[portal] ${what} failed:`, message: "Something went wrong on our side. Please try again." });
const refresh = (businessId: string) => revalidatePath(`/portal/${businessId}`, "layout");

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

export const createProductAction = async (businessId: string, gameId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: ProductFields,
    form,
    run: ({ db, player, input }) => createPortalProduct({ db, player }, { businessId, gameId, form: productFormOf(input, form) }),
    unexpected: unexpected("creating a product"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (p) => ({ notice: `Product “${p.name}” created.` }));
};

export const updateProductAction = async (businessId: string, productId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: ProductFields,
    form,
    run: ({ db, player, input }) => updatePortalProduct({ db, player }, { businessId, productId, form: productFormOf(input, form) }),
    unexpected: unexpected("saving a product"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (p) => ({
    notice: p.keysAvailable === null ? `Saved “${p.name}”.` : `Saved “${p.name}”. Keys available: ${p.keysAvailable}.`,
  }));
};

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

export const createDealAction = async (businessId: string, gameId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: DealFields,
    form,
    run: ({ db, player, input }) => createPortalDeal({ db, player }, { businessId, gameId, itemId: input.itemId, form: dealFormOf(input) }),
    unexpected: unexpected("creating a deal"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (d) => ({ notice: `Deal “${d.code}” created (${d.status}).` }));
};

export const updateDealAction = async (businessId: string, dealId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: DealFields,
    form,
    run: ({ db, player, input }) => updatePortalDeal({ db, player }, { businessId, dealId, form: dealFormOf(input) }),
    unexpected: unexpected("saving a deal"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (d) => ({ notice: `Deal “${d.code}” saved.` }));
};

const StatusForm = z.object({ status: textField(20, "Choose active or inactive.") });

export const setDealStatusAction = async (businessId: string, dealId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: StatusForm,
    form,
    run: ({ db, player, input }) => updatePortalDeal({ db, player }, { businessId, dealId, status: input.status === "active" ? "active" : "inactive" }),
    unexpected: unexpected("changing a deal's status"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (d) => ({ notice: d.status === "active" ? `Deal “${d.code}” is active.` : `Deal “${d.code}” is inactive.` }));
};

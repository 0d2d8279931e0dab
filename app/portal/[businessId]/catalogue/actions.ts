"use server";
// The catalogue pages' server actions: products (create, edit) and deals (create, edit, activate, deactivate).
// Each is one portalAction calling one lib/portal service, which checks the member's role first and then
// validates with the /v1 schema. The business, game, product or deal are bound by the page. Each is built per
// call with the member's language (getPortalLocale): its form errors and notice come from the catalog.
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { textField } from "@/lib/hosted/action";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { createPortalDeal } from "@/lib/portal/create-portal-deal";
import { createPortalProduct } from "@/lib/portal/create-portal-product";
import type { DealForm } from "@/lib/portal/deal-form";
import { vcFieldsOf, type ProductForm } from "@/lib/portal/product-form";
import { updatePortalDeal } from "@/lib/portal/update-portal-deal";
import { updatePortalProduct } from "@/lib/portal/update-portal-product";
import { portalAction, type Bound } from "../../_lib/answer";
import { getPortalLocale } from "../../_lib/portal-locale";

type OnGame = Bound & { gameId: string };
type OnDeal = Bound & { dealId: string };

const productFields = (t: Translator) =>
  z.object({
    name: textField(300, t("catalogue.errors.nameTooLong")),
    type: textField(40, t("catalogue.errors.chooseType")),
    fulfillmentType: textField(40, t("catalogue.errors.chooseFulfilment")),
    description: textField(6000, t("catalogue.errors.descriptionTooLong")),
    baseGameRequirementText: textField(1200, t("catalogue.errors.requirementTooLong")),
    price: textField(30, t("errors.priceTooLong")),
    perUserLimit: textField(30, t("catalogue.errors.limitTooLong")),
    imageUrl: textField(2100, t("catalogue.errors.imageTooLong")),
    metadata: textField(12_000, t("catalogue.errors.metadataTooLong")),
    isVisible: textField(8, t("errors.tickBox")),
    isPriceVisible: textField(8, t("errors.tickBox")),
    forSale: textField(8, t("errors.tickBox")),
    grantCurrencyId: textField(80, t("catalogue.errors.chooseCurrency")),
    grantAmountUnits: textField(40, t("catalogue.errors.amountTooLong")),
    keys: textField(600_000, t("catalogue.errors.tooManyKeys")),
  });

const productFormOf = (input: z.output<ReturnType<typeof productFields>>, form: FormData): ProductForm => ({ ...input, vcPrices: vcFieldsOf(form) });

/** The member's translator: the actions are built per call so their errors and notices are in that language. */
const translator = async () => getTranslator(await getPortalLocale(), "portal-catalogue");

const createProduct = (t: Translator) =>
  portalAction(
    productFields(t),
    (ctx, input, { businessId, gameId }: OnGame, form) => createPortalProduct(ctx, { businessId, gameId, form: productFormOf(input, form) }),
    (p) => ({ notice: t("catalogue.created", { name: p.name }) }),
    { doing: "creating a product", fieldErrors: true },
  );

export const createProductAction = async (bound: OnGame, prev: PortalFormState, form: FormData): Promise<PortalFormState> =>
  createProduct(await translator())(bound, prev, form);

type OnProduct = Bound & { productId: string };

const updateProduct = (t: Translator) =>
  portalAction(
    productFields(t),
    (ctx, input, { businessId, productId }: OnProduct, form) => updatePortalProduct(ctx, { businessId, productId, form: productFormOf(input, form) }),
    (p) => ({
      notice: p.keysAvailable === null ? t("catalogue.saved", { name: p.name }) : t("catalogue.savedKeys", { name: p.name, count: p.keysAvailable }),
    }),
    { doing: "saving a product", fieldErrors: true },
  );

export const updateProductAction = async (bound: OnProduct, prev: PortalFormState, form: FormData): Promise<PortalFormState> =>
  updateProduct(await translator())(bound, prev, form);

const dealFields = (t: Translator) =>
  z.object({
    itemId: textField(80, t("deals.errors.chooseItem")),
    code: textField(80, t("deals.errors.codeTooLong")),
    currencyId: textField(80, t("catalogue.errors.chooseCurrency")),
    overridePrice: textField(30, t("errors.priceTooLong")),
    status: textField(20, t("deals.errors.chooseStatus")),
    metadata: textField(12_000, t("deals.errors.metadataTooLong")),
  });

const dealFormOf = ({ code, currencyId, overridePrice, status, metadata }: z.output<ReturnType<typeof dealFields>>): DealForm => ({
  code,
  currencyId,
  overridePrice,
  status,
  metadata,
});

const createDeal = (t: Translator) =>
  portalAction(
    dealFields(t),
    (ctx, input, { businessId, gameId }: OnGame) => createPortalDeal(ctx, { businessId, gameId, itemId: input.itemId, form: dealFormOf(input) }),
    (d) => ({ notice: t("deals.created", { code: d.code, status: d.status }) }),
    { doing: "creating a deal" },
  );

export const createDealAction = async (bound: OnGame, prev: PortalFormState, form: FormData): Promise<PortalFormState> =>
  createDeal(await translator())(bound, prev, form);

const updateDeal = (t: Translator) =>
  portalAction(
    dealFields(t),
    (ctx, input, { businessId, dealId }: OnDeal) => updatePortalDeal(ctx, { businessId, dealId, form: dealFormOf(input) }),
    (d) => ({ notice: t("deals.saved", { code: d.code }) }),
    { doing: "saving a deal" },
  );

export const updateDealAction = async (bound: OnDeal, prev: PortalFormState, form: FormData): Promise<PortalFormState> =>
  updateDeal(await translator())(bound, prev, form);

const setDealStatus = (t: Translator) =>
  portalAction(
    z.object({ status: textField(20, t("deals.errors.chooseStatus")) }),
    (ctx, { status }, { businessId, dealId }: OnDeal) => updatePortalDeal(ctx, { businessId, dealId, status: status === "active" ? "active" : "inactive" }),
    (d) => ({ notice: t(d.status === "active" ? "deals.isActive" : "deals.isInactive", { code: d.code }) }),
    { doing: "changing a deal's status" },
  );

export const setDealStatusAction = async (bound: OnDeal, prev: PortalFormState, form: FormData): Promise<PortalFormState> =>
  setDealStatus(await translator())(bound, prev, form);

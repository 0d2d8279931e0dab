"use server";
// The review queue's server actions: approve a submitted player-made product (with the overrides the
// review route allows) or decline it with a reason, through lib/portal/review-portal-product.ts. Each is
// built per call with the member's language, so its form errors and notice come from the catalog.
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { textField } from "@/lib/hosted/action";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { vcFieldsOf } from "@/lib/portal/product-form";
import { reviewPortalProduct } from "@/lib/portal/review-portal-product";
import { portalAction, type Bound } from "../../_lib/answer";
import { getPortalLocale } from "../../_lib/portal-locale";

type OnProduct = Bound & { productId: string };

const translator = async () => getTranslator(await getPortalLocale(), "portal-catalogue");

const approve = (t: Translator) =>
  portalAction(
    z.object({
      isVisible: textField(8, t("errors.tickBox")),
      forSale: textField(8, t("errors.tickBox")),
      price: textField(30, t("errors.priceTooLong")),
    }),
    (ctx, input, { businessId, productId }: OnProduct, form) =>
      reviewPortalProduct(ctx, { businessId, productId, decision: "approve", form: { ...input, vcPrices: vcFieldsOf(form) } }),
    (p) => ({ notice: t("reviews.approvedNotice", { name: p.name, visible: String(p.isVisible), forSale: String(p.forSale) }) }),
    { doing: "approving a product" },
  );

export const approveProductAction = async (bound: OnProduct, prev: PortalFormState, form: FormData): Promise<PortalFormState> =>
  approve(await translator())(bound, prev, form);

const decline = (t: Translator) =>
  portalAction(
    z.object({ reason: textField(1000, t("reviews.reasonTooLong")) }),
    (ctx, { reason }, { businessId, productId }: OnProduct) => reviewPortalProduct(ctx, { businessId, productId, decision: "decline", reason }),
    (p) => ({ notice: t("reviews.declinedNotice", { name: p.name }) }),
    { doing: "declining a product" },
  );

export const declineProductAction = async (bound: OnProduct, prev: PortalFormState, form: FormData): Promise<PortalFormState> =>
  decline(await translator())(bound, prev, form);

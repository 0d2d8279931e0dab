"use server";
// The review queue's server actions: approve a submitted player-made product (with the overrides the
// review route allows) or decline it with a reason, through lib/portal/review-portal-product.ts.
import { z } from "zod";
import { textField } from "@/lib/hosted/action";
import { vcFieldsOf } from "@/lib/portal/product-form";
import { reviewPortalProduct } from "@/lib/portal/review-portal-product";
import { portalAction, type Bound } from "../../_lib/answer";

type OnProduct = Bound & { productId: string };

const ApproveFields = z.object({
  isVisible: textField(8, "Tick or untick the box."),
  forSale: textField(8, "Tick or untick the box."),
  price: textField(30, "The price is too long."),
});

export const approveProductAction = portalAction(
  ApproveFields,
  (ctx, input, { businessId, productId }: OnProduct, form) =>
    reviewPortalProduct(ctx, { businessId, productId, decision: "approve", form: { ...input, vcPrices: vcFieldsOf(form) } }),
  (p) => ({ notice: `Approved “${p.name}”: ${p.isVisible ? "visible" : "hidden"}, ${p.forSale ? "for sale" : "not for sale"}.` }),
  { doing: "approving a product" },
);

const DeclineFields = z.object({ reason: textField(1000, "The reason is too long (at most 1000 characters).") });

export const declineProductAction = portalAction(
  DeclineFields,
  (ctx, { reason }, { businessId, productId }: OnProduct) => reviewPortalProduct(ctx, { businessId, productId, decision: "decline", reason }),
  (p) => ({ notice: `Declined “${p.name}”. The creator sees your reason and may submit again.` }),
  { doing: "declining a product" },
);

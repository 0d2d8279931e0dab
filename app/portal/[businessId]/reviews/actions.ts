"use server";
// The review queue's server actions: approve a submitted player-made product (with the overrides the
// review route allows) or decline it with a reason, through lib/portal/review-portal-product.ts.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { vcFieldsOf } from "@/lib/portal/product-form";
import { reviewPortalProduct } from "@/lib/portal/review-portal-product";
import { answerOf } from "../../_lib/answer";

const unexpected = (what: string) => ({ log: `[portal] ${what} failed:`, message: "Something went wrong on our side. Please try again." });
const refresh = (businessId: string) => revalidatePath(`/portal/${businessId}`, "layout");

const ApproveFields = z.object({
  isVisible: textField(8, "Tick or untick the box."),
  forSale: textField(8, "Tick or untick the box."),
  price: textField(30, "The price is too long."),
});

export const approveProductAction = async (businessId: string, productId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: ApproveFields,
    form,
    run: ({ db, player, input }) =>
      reviewPortalProduct({ db, player }, { businessId, productId, decision: "approve", form: { ...input, vcPrices: vcFieldsOf(form) } }),
    unexpected: unexpected("approving a product"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (p) => ({ notice: `Approved “${p.name}”: ${p.isVisible ? "visible" : "hidden"}, ${p.forSale ? "for sale" : "not for sale"}.` }));
};

const DeclineFields = z.object({ reason: textField(1000, "The reason is too long (at most 1000 characters).") });

export const declineProductAction = async (businessId: string, productId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: DeclineFields,
    form,
    run: ({ db, player, input }) => reviewPortalProduct({ db, player }, { businessId, productId, decision: "decline", reason: input.reason }),
    unexpected: unexpected("declining a product"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (p) => ({ notice: `Declined “${p.name}”. The creator sees your reason and may submit again.` }));
};

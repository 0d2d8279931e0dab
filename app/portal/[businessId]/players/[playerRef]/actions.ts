"use server";
// The player page's server action: refund one of the player's purchases (finance, admin and owner members; the role is
// checked on the server by the portal command before anything else). The purchase is bound by the page.
import { z } from "zod";
import { textField } from "@/lib/hosted/action";
import { refundPortalPurchase } from "@/lib/portal/refund-portal-purchase";
import { portalAction, type Bound } from "../../../_lib/answer";

type OnPurchase = Bound & { purchaseId: string };

const RefundForm = z.object({
  amount: textField(24, "The amount is too long."),
  reason: textField(40, "Choose a reason."),
  note: textField(600, "The note is at most 500 characters."),
});

export const refundPurchaseAction = portalAction(
  RefundForm,
  (ctx, input, { businessId, purchaseId }: OnPurchase) => refundPortalPurchase(ctx, { businessId, purchaseId, ...input }),
  (r) => ({
    notice: `Refunded ${r.data.refund.amount} (${r.data.refund.currency}); the purchase is now ${r.data.purchase.status.replace("_", " ")}.${
      r.data.refund.clawback?.virtualCurrency && r.data.refund.clawback.virtualCurrency.unrecovered !== "0"
        ? ` ${r.data.refund.clawback.virtualCurrency.unrecovered} granted units could not be recovered.`
        : ""
    }`,
  }),
  { doing: "refunding a purchase" },
);

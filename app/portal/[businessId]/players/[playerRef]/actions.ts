"use server";
// The player page's server action: refund one of the player's purchases (finance, admin and owner members; the role is
// checked on the server by the portal command before anything else). The purchase is bound by the page. The form's
// own words (field errors, the success line) are in the member's language ("portal-money" catalog).
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { textField } from "@/lib/hosted/action";
import { getTranslator } from "@/lib/i18n/translator";
import { refundPortalPurchase } from "@/lib/portal/refund-portal-purchase";
import { portalAction, type Bound } from "../../../_lib/answer";
import { getPortalLocale } from "../../../_lib/portal-locale";

type OnPurchase = Bound & { purchaseId: string };

export const refundPurchaseAction = async (bound: OnPurchase, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const t = getTranslator(await getPortalLocale(), "portal-money");
  return portalAction(
    z.object({
      amount: textField(24, t("player.refundAction.amountTooLong")),
      reason: textField(40, t("player.refundAction.chooseReason")),
      note: textField(600, t("player.refundAction.noteTooLong")),
    }),
    (ctx, input, { businessId, purchaseId }: OnPurchase) => refundPortalPurchase(ctx, { businessId, purchaseId, ...input }),
    (r) => ({
      notice: `${t("player.refundAction.done", { amount: r.data.refund.amount, currency: r.data.refund.currency, status: r.data.purchase.status.replace("_", " ") })}${
        r.data.refund.clawback?.virtualCurrency && r.data.refund.clawback.virtualCurrency.unrecovered !== "0"
          ? t("player.refundAction.unrecovered", { units: r.data.refund.clawback.virtualCurrency.unrecovered })
          : ""
      }`,
    }),
    { doing: "refunding a purchase" },
  )(bound, prev, form);
};

"use server";
// The invoice page's server action: refund the invoice in full or in part (finance, admin and owner members; the role
// is checked on the server by the portal command before anything else). The invoice and its environment are bound by
// the page, with what was left to refund when the page was drawn (for the words of a refusal); the form sends what had
// been refunded then (the double-submit guard: lib/portal/refund-portal-invoice.ts). The refusals a member can meet
// (more than is left, not refundable, sent twice, a bad amount) are said in the member's language.
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { AppError } from "@/lib/core/errors";
import type { Environment } from "@/lib/core/environment";
import { textField } from "@/lib/hosted/action";
import { formatMoney } from "@/lib/i18n/format";
import { getTranslator } from "@/lib/i18n/translator";
import { refundPortalInvoice } from "@/lib/portal/refund-portal-invoice";
import { portalAction, type Bound } from "../../../_lib/answer";
import { getPortalLocale } from "../../../_lib/portal-locale";

type OnInvoice = Bound & { environment: Environment; invoiceId: string; leftCents: number };

export const refundInvoiceAction = async (bound: OnInvoice, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const locale = await getPortalLocale();
  const t = getTranslator(locale, "portal-money");
  const money = (cents: number) => formatMoney(locale, cents, "USD");
  const inWords = (err: unknown): unknown => {
    if (!(err instanceof AppError)) return err;
    if (err.code === "REFUND_EXCEEDS_PAYMENT") return new AppError("REFUND_EXCEEDS_PAYMENT", t("invoice.action.exceeds", { left: money(bound.leftCents) }));
    if (err.code === "INVOICE_NOT_REFUNDABLE") return new AppError("INVOICE_NOT_REFUNDABLE", t("invoice.action.notRefundable"));
    if (err.code === "REFUND_FORM_STALE") return new AppError("REFUND_FORM_STALE", t("invoice.action.stale"));
    if (err.code === "VALIDATION_ERROR" && err.details?.[0]?.field === "amount") {
      const message = t("invoice.action.amountInvalid");
      return new AppError("VALIDATION_ERROR", message, { details: [{ field: "amount", message }] });
    }
    return err;
  };
  return portalAction(
    z.object({
      amount: textField(24, t("invoice.action.amountTooLong")),
      reason: textField(40, t("invoice.action.chooseReason")),
      note: textField(600, t("invoice.action.noteTooLong")),
      refundedBefore: textField(24, t("invoice.action.stale")),
    }),
    ({ db, player }, input, { businessId, environment, invoiceId }: OnInvoice) =>
      refundPortalInvoice({ db, player }, { businessId, environment, invoiceId, ...input }).catch((err: unknown) => {
        throw inWords(err);
      }),
    (r) => {
      const { chargedCents, refundedCents } = r.data.invoice;
      const status = refundedCents >= chargedCents ? "refunded" : "partially_refunded";
      return { notice: t("invoice.action.done", { amount: money(r.data.refund.amount), status: t(`invoices.statusOf.${status}`) }) };
    },
    { doing: "refunding an invoice" },
  )(bound, prev, form);
};

// The invoice page's Refund form: an amount in dollars (filled with all that is left), a reason (the API's), a note,
// and, hidden, what had been refunded when the page was drawn (a form sent twice is refused, nothing refunded).
import { HelperSelect } from "@/components/portal/helper-select";
import { PortalForm, type PortalAction } from "@/components/portal/portal-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { Locale } from "@/lib/i18n/locales";
import type { Translator } from "@/lib/i18n/translator";
import { REFUND_REASONS } from "@/lib/refunds/schemas";
import { dollars } from "./invoice-parts";

/** Cents as the amount field's text: "12.50" (English), "12,50" (French). */
const amountText = (locale: Locale, cents: number) => {
  const s = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  return locale === "en" ? s : s.replace(".", ",");
};

export const InvoiceRefundForm = ({
  action,
  invoice,
  locale,
  t,
}: {
  action: PortalAction;
  invoice: { invoiceNumber: string; leftCents: number; refundedCents: number; currency: string };
  locale: Locale;
  /** the "portal-money" catalog in the member's language */
  t: Translator;
}) => (
  <PortalForm
    action={action}
    label={t("invoice.refund.label", { number: invoice.invoiceNumber })}
    submit={t("invoice.refund.submit")}
    pendingLabel={t("invoice.refund.pending")}
  >
    <input type="hidden" name="refundedBefore" value={String(invoice.refundedCents)} />
    <Field
      id="refund-amount"
      label={t("invoice.refund.amount")}
      hint={t("invoice.refund.amountHint", { left: dollars(locale, invoice.leftCents, invoice.currency) })}
    >
      {(f) => <Input {...f} name="amount" inputMode="decimal" autoComplete="off" defaultValue={amountText(locale, invoice.leftCents)} />}
    </Field>
    <Field id="refund-reason" label={t("invoice.refund.reason")}>
      {(f) => (
        <HelperSelect {...f} name="reason" defaultValue="requested_by_customer">
          {REFUND_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`invoice.reasons.${r}`)}
            </option>
          ))}
        </HelperSelect>
      )}
    </Field>
    <Field id="refund-note" label={t("invoice.refund.note")}>
      {(f) => <Input {...f} name="note" maxLength={500} autoComplete="off" />}
    </Field>
  </PortalForm>
);

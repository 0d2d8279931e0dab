// The portal's invoice pages' small parts: an invoice's state as a badge, amounts in dollars and days, in the
// member's language ("portal-money" catalog).
import { Badge } from "@/components/ui/badge";
import { formatDate, formatMoney } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translator } from "@/lib/i18n/translator";
import type { PortalInvoiceStatus } from "@/lib/portal/list-portal-invoices";

const TONE: Record<PortalInvoiceStatus, "neutral" | "warning" | "success" | "danger"> = {
  draft: "neutral",
  sent: "warning",
  overdue: "danger",
  processing: "warning",
  paid: "success",
  partially_refunded: "warning",
  refunded: "neutral",
  cancelled: "neutral",
};

/** An invoice's state in words ("Partly refunded"), with its colour. */
export const InvoiceStatusBadge = ({ status, t, testId }: { status: PortalInvoiceStatus; t: Translator; testId?: string }) => (
  <Badge tone={TONE[status]}>
    <span data-testid={testId}>{t(`invoices.statusOf.${status}`)}</span>
  </Badge>
);

/** Cents as dollars in the member's language: "USD 12.50" / "12,50 USD". */
export const dollars = (locale: Locale, cents: number, currency = "USD") => formatMoney(locale, cents, currency);

/** A calendar day (the invoice's date and due date are days, in UTC). */
export const day = (locale: Locale, iso: string) => formatDate(locale, iso, { year: "numeric", month: "short", day: "numeric" });

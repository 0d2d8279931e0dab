// The refund notice of an invoice (issue 31): queued by the transaction in which an invoice's refund succeeds
// (lib/refunds/finish-invoice-refund.ts) as the invoices:email-refund job, once per refund. It tells the invoice's
// receivers what came back of what they paid, and links the invoice's page, which shows the refund. In the invoice's
// language (metadata.locale), else English. Nothing is sent for an invoice whose emails are suppressed.
import type { DbContext } from "../core/context.ts";
import { sendEmail } from "../email/send-email.ts";
import { formatDate, formatMoney } from "../i18n/format.ts";
import { DEFAULT_LOCALE, localeOfTag, metadataLocale } from "../i18n/locales.ts";
import { getTranslator } from "../i18n/translator.ts";
import { invoiceRecipients } from "./invoice-email.ts";
import { invoicePageUrl } from "./invoice-url.ts";

export const INVOICE_REFUND_EMAIL_TASK = "invoices:email-refund";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * Emails the notice of one succeeded refund of an invoice to its receivers (the receiverEmail, or the recipient
 * business's members). Returns how many mails went out: 0 for a refund that is not this invoice's or not succeeded,
 * or an invoice whose emails are suppressed. A failed send throws, so the job retries.
 */
export const emailInvoiceRefund = async (ctx: DbContext, { invoiceId, refundId }: { invoiceId: string; refundId: string }): Promise<number> => {
  const refund = await ctx.db.refund.findFirst({ where: { id: refundId, objectType: "invoice", objectId: invoiceId, status: "succeeded" } });
  const inv = refund ? await ctx.db.invoice.findUnique({ where: { id: invoiceId } }) : null;
  if (!refund || !inv || inv.emailSuppressed) return 0;
  const business = await ctx.db.business.findUniqueOrThrow({ where: { id: inv.businessId }, select: { name: true } });
  const locale = localeOfTag(metadataLocale(inv.metadata)) ?? DEFAULT_LOCALE;
  const t = getTranslator(locale, "invoice");
  const names = {
    number: inv.invoiceNumber,
    business: business.name,
    refunded: formatMoney(locale, Number(refund.amount), "USD"),
    amount: formatMoney(locale, Number(inv.chargedCents), "USD"),
    when: formatDate(locale, refund.createdAt, { dateStyle: "medium" }),
  };
  const url = invoicePageUrl(inv.publicId);
  const recipients = await invoiceRecipients(ctx, { invoice: inv });
  for (const to of recipients) {
    const text = [
      t("email.hello", { name: inv.receiverName }),
      "",
      t("email.refund.body", names),
      t("email.refund.where"),
      "",
      t("email.refund.link", { url }),
      "",
      t("email.private"),
    ].join("\n");
    const html = [
      `<p>${escapeHtml(t("email.hello", { name: inv.receiverName }))}</p>`,
      `<p><strong>${escapeHtml(t("email.refund.body", names))}</strong></p>`,
      `<p>${escapeHtml(t("email.refund.where"))}</p>`,
      `<p><a href="${escapeHtml(url)}">${escapeHtml(t("email.refund.open", { number: inv.invoiceNumber }))}</a></p>`,
      `<p>${escapeHtml(t("email.private"))}</p>`,
    ].join("");
    await sendEmail({ to, subject: t("email.refund.subject", names), text, html }, { db: ctx.db });
  }
  return recipients.length;
};

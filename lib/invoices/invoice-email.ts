// The invoice email: the receiver gets the invoice's page link, in the invoice's language (metadata.locale). Written through lib/email (SMTP, or the
// development outbox /dev/mail without SMTP_URL) inside the transaction that sends the invoice.
import type { Invoice } from "../db/generated/client.ts";
import type { DbContext } from "../core/context.ts";
import { sendEmail, type Email } from "../email/send-email.ts";
import { formatDate, formatMoney } from "../i18n/format.ts";
import { DEFAULT_LOCALE, localeOfTag, metadataLocale } from "../i18n/locales.ts";
import { getTranslator } from "../i18n/translator.ts";
import { invoicePageUrl } from "./invoice-url.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The invoice email in the invoice's language (its metadata.locale when supported, else English). */
export const invoiceMail = (inv: Invoice, { to, businessName }: { to: string; businessName: string }): Email => {
  const locale = localeOfTag(metadataLocale(inv.metadata)) ?? DEFAULT_LOCALE;
  const t = getTranslator(locale, "invoice");
  const url = invoicePageUrl(inv.publicId);
  const amount = formatMoney(locale, Number(inv.chargedCents), "USD");
  const due = formatDate(locale, inv.dueDate, { dateStyle: "medium" });
  const names = { number: inv.invoiceNumber, business: businessName, amount, due };
  const text = [t("email.hello", { name: inv.receiverName }), "", t("email.body", names), "", t("email.link", { url }), "", t("email.private")].join("\n");
  const html = [
    `<p>${escapeHtml(t("email.hello", { name: inv.receiverName }))}</p>`,
    `<p>${escapeHtml(t("email.body", names))}</p>`,
    `<p><a href="${escapeHtml(url)}">${escapeHtml(t("email.open", { number: inv.invoiceNumber }))}</a></p>`,
    `<p>${escapeHtml(t("email.private"))}</p>`,
  ].join("");
  return { to, subject: t("email.subject", names), text, html };
};

/** Who receives the email: the receiverEmail, or the members of the recipient business (owners first, at most 10). */
export const invoiceRecipients = async ({ db }: DbContext, { invoice: inv }: { invoice: Invoice }): Promise<string[]> => {
  if (inv.receiverEmail) return [inv.receiverEmail];
  if (!inv.recipientBusinessId) return [];
  const members = await db.businessMember.findMany({
    where: { businessId: inv.recipientBusinessId },
    orderBy: [{ isOwner: "desc" }, { createdAt: "asc" }],
    take: 10,
  });
  return members.map((m) => m.email);
};

/** Sends the invoice email to every recipient. */
export const sendInvoiceEmail = async (ctx: DbContext, { invoice: inv }: { invoice: Invoice }): Promise<number> => {
  const { db } = ctx;
  const business = await db.business.findUniqueOrThrow({ where: { id: inv.businessId }, select: { name: true } });
  const recipients = await invoiceRecipients(ctx, { invoice: inv });
  for (const to of recipients) await sendEmail(invoiceMail(inv, { to, businessName: business.name }), { db });
  return recipients.length;
};

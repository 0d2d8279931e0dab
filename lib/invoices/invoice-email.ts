// The invoice email: the receiver gets the invoice's page link. Written through lib/email (SMTP, or the
// development outbox /dev/mail without SMTP_URL) inside the transaction that sends the invoice.
import type { Invoice } from "../db/generated/client.ts";
import type { DbContext } from "../core/context.ts";
import { sendEmail, type Email } from "../email/send-email.ts";
import { toDollars } from "./money.ts";
import { invoicePageUrl } from "./invoice-url.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export const invoiceMail = (inv: Invoice, { to, businessName }: { to: string; businessName: string }): Email => {
  const url = invoicePageUrl(inv.publicId);
  const amount = `$${toDollars(inv.chargedCents).toFixed(2)}`;
  const due = inv.dueDate.toISOString().slice(0, 10);
  const subject = `Invoice ${inv.invoiceNumber} from ${businessName}: ${amount} due ${due}`;
  const text = [
    `Hello ${inv.receiverName},`,
    "",
    `${businessName} sent you invoice ${inv.invoiceNumber} for ${amount} (USD), due ${due}.`,
    "",
    `View and pay it here: ${url}`,
    "",
    "This link is for you only: anyone who has it can see the invoice.",
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(inv.receiverName)},</p><p>${escapeHtml(businessName)} sent you invoice <strong>${escapeHtml(inv.invoiceNumber)}</strong> for <strong>${amount}</strong> (USD), due ${due}.</p><p><a href="${escapeHtml(url)}">View and pay invoice ${escapeHtml(inv.invoiceNumber)}</a></p><p>This link is for you only: anyone who has it can see the invoice.</p>`;
  return { to, subject, text, html };
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

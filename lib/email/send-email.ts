import nodemailer from "nodemailer";
import { config } from "../config/env.ts";
import { emailFrom } from "../config/settings.ts";
import { getDb } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import type { DbClient } from "../db/transaction.ts";

export type Email = { to: string; subject: string; text: string; html?: string };
/** Sent by SMTP, or (no SMTP_URL) kept in the mail outbox, the MailMessage table: not delivered. */
export type SendResult = { sent: true; messageId: string } | { sent: false; reason: "no_smtp"; outboxId: string };

/** The sender address: EMAIL_FROM, or Coinop's no-reply address (lib/config). */
export { emailFrom };

/**
 * Sends one email through the SMTP server named by SMTP_URL (e.g. smtp://user:pass@host:587); a refused
 * or failed send throws (the caller retries). Without SMTP_URL the mail is stored in the outbox instead
 * (the MailMessage table, shown at /dev/mail where that page is enabled) and the result says it was not sent.
 */
export const sendEmail = async (email: Email, { smtpUrl = config().SMTP_URL, db = getDb() }: { smtpUrl?: string; db?: DbClient } = {}): Promise<SendResult> => {
  if (!smtpUrl) {
    const id = newId();
    await db.mailMessage.create({ data: { id, to: email.to, subject: email.subject, text: email.text, html: email.html ?? null } });
    return { sent: false, reason: "no_smtp", outboxId: id };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  try {
    const info = await transport.sendMail({ from: emailFrom(), ...email });
    return { sent: true, messageId: info.messageId };
  } finally {
    transport.close();
  }
};

import nodemailer from "nodemailer";

export type Email = { to: string; subject: string; text: string; html?: string };
export type SendResult = { sent: true; messageId: string } | { sent: false; reason: "no_smtp" };

/** The sender address: EMAIL_FROM, or Coinop's no-reply address. */
export const emailFrom = (): string => process.env.EMAIL_FROM || "Coinop <no-reply@coinop.local>";

/**
 * Sends one email through the SMTP server named by SMTP_URL (e.g. smtp://user:pass@host:587). Without
 * SMTP_URL nothing is sent and the result says so; a refused or failed send throws (the caller retries).
 */
export const sendEmail = async (email: Email, smtpUrl: string | undefined = process.env.SMTP_URL): Promise<SendResult> => {
  if (!smtpUrl) return { sent: false, reason: "no_smtp" };
  const transport = nodemailer.createTransport(smtpUrl);
  try {
    const info = await transport.sendMail({ from: emailFrom(), ...email });
    return { sent: true, messageId: info.messageId };
  } finally {
    transport.close();
  }
};

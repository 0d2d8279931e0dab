// The receipt the payer of a completed fund session asks for on the fund page (issue 30, payer item 6). The
// session key in the page URL is the only credential, so whoever holds it can have this session's receipt
// sent, and nothing else: the mail says what the completed page already shows (amount, date, reference, the
// business, the campaign, the platform), and the answer says only "sent" whatever happened before.
// Limits: once per address and session (a replay sends nothing and answers the same), at most
// FUND_RECEIPT_MAX_ADDRESSES addresses a session, and the hosted forms' mail throttle (5 an hour per address,
// 20 an hour per network: lib/auth/throttle-mail-request.ts), so the page cannot be used to flood a mailbox.
import type { DbContext } from "../core/context.ts";
import { parseEmail } from "../core/email.ts";
import { AppError } from "../core/errors.ts";
import { now as clockNow } from "../core/clock.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import { sendEmail } from "../email/send-email.ts";
import { throttleMailRequest } from "../auth/throttle-mail-request.ts";
import { formatDate, formatMoney } from "../i18n/format.ts";
import type { Locale } from "../i18n/locales.ts";
import { getTranslator } from "../i18n/translator.ts";
import { loadFundPage, type FundPage } from "./load-fund-page.ts";

/** How many different addresses one session's receipt may be sent to. */
export const FUND_RECEIPT_MAX_ADDRESSES = 5;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Subject, text and HTML of the receipt of a completed fund session, in `locale`. */
export const fundReceiptMail = (page: FundPage & { reference: string }, { to, locale }: { to: string; locale: Locale }) => {
  const t = getTranslator(locale, "fund");
  const amount = formatMoney(locale, page.paidCents ?? 0, "USD");
  const names = { amount, business: page.businessName, platform: page.platformName };
  const what = page.target === "campaign" ? t("mail.campaign", { ...names, campaign: page.campaignName }) : t("mail.distribution", names);
  const date = t("mail.date", { date: formatDate(locale, page.completedAt ?? clockNow()) });
  const reference = t("mail.reference", { reference: page.reference });
  const paragraphs = [
    t("mail.thanks"),
    what,
    `${date}\n${reference}`,
    t("mail.referenceHint", names),
    ...(page.platformName ? [t("mail.told", names)] : []),
    t("mail.why"),
  ];
  const html = paragraphs
    .map((p, i) => `<p${i === paragraphs.length - 1 ? ' style="color:#555;font-size:13px"' : ""}>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
  return { to, subject: t("mail.subject", names), text: paragraphs.join("\n\n"), html };
};

export type FundReceiptInput = { sessionKey: string; email: unknown; ip: string; locale: Locale };

/**
 * Sends the receipt of the completed session behind `sessionKey` to `email` (once per address), in `locale`.
 * 400 INVALID_EMAIL (field "email") for a missing or malformed address; 404 FUND_SESSION_NOT_FOUND for an
 * unknown key and for a session that is not completed (a stranger learns nothing either way); 429
 * TOO_MANY_EMAIL_REQUESTS past a limit. Returns the normalized address.
 */
export const emailFundSessionReceipt = async (ctx: DbContext, { sessionKey, email, ip, locale }: FundReceiptInput): Promise<{ email: string }> => {
  const to = parseEmail(email);
  if (!to)
    throw new AppError("INVALID_EMAIL", "Enter an email address like name@example.com.", {
      details: [{ field: "email", message: typeof email === "string" && email.trim() === "" ? "required" : "must be an email address" }],
    });
  const page = await loadFundPage(ctx, { sessionKey });
  if (!page || page.status !== "completed" || !page.reference) throw new AppError("FUND_SESSION_NOT_FOUND", "No completed payment has this link.");
  const reference = page.reference;
  await throttleMailRequest(ctx, { email: to, ip, now: clockNow() });
  await inTransaction(ctx.db, async (tx) => {
    // one request at a time per session: the count and the unique address below cannot race
    const [session] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "FundSession" WHERE "sessionKey" = ${sessionKey} FOR UPDATE`;
    if (!session) throw new AppError("FUND_SESSION_NOT_FOUND", "No completed payment has this link.");
    if (await tx.fundSessionReceipt.findUnique({ where: { fundSessionId_email: { fundSessionId: session.id, email: to } } })) return; // a replay
    if ((await tx.fundSessionReceipt.count({ where: { fundSessionId: session.id } })) >= FUND_RECEIPT_MAX_ADDRESSES)
      throw new AppError("TOO_MANY_EMAIL_REQUESTS", `This payment's receipt was already sent to ${FUND_RECEIPT_MAX_ADDRESSES} addresses.`);
    await tx.fundSessionReceipt.create({ data: { id: newId(), fundSessionId: session.id, email: to, locale } });
    // sent inside the transaction: a failed send rolls the row back, so the payer can try again
    await sendEmail(fundReceiptMail({ ...page, reference }, { to, locale }), { db: tx });
  });
  return { email: to };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { THROTTLE_MAIL_REQUEST_ERRORS } from "../auth/throttle-mail-request.ts";
export const EMAIL_FUND_SESSION_RECEIPT_ERRORS = [
  "INVALID_EMAIL",
  "FUND_SESSION_NOT_FOUND",
  "TOO_MANY_EMAIL_REQUESTS",
  ...THROTTLE_MAIL_REQUEST_ERRORS,
] as const satisfies readonly ErrorCode[];

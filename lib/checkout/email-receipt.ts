// The receipt a checkout payer gets by email once the purchase completes (the checkout:email-receipt job,
// queued in the completing transaction by completeCheckout). It says what the success page says: the item,
// the amount with its currency code and included tax, the date, the short reference, and the signed link
// back to the receipt page. In the checkout's language (a grant's checkoutMetadata.locale), else English.
import type { DbContext } from "../core/context.ts";
import { appBaseUrl } from "../config/settings.ts";
import { sendEmail } from "../email/send-email.ts";
import { formatDate, formatMoney, formatNumber } from "../i18n/format.ts";
import { DEFAULT_LOCALE, localeOfTag, type Locale } from "../i18n/locales.ts";
import { getTranslator } from "../i18n/translator.ts";
import { formatRate, includedTaxCents } from "./included-tax.ts";
import { loadSuccessView, type SuccessView } from "./load-success-view.ts";
import { successUrlPath } from "./sign-url.ts";

export const RECEIPT_EMAIL_TASK = "checkout:email-receipt";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const amountOf = (view: SuccessView, locale: Locale): string =>
  view.paid.kind === "usd" ? formatMoney(locale, view.paid.cents, "USD") : `${formatNumber(locale, view.paid.units)} ${view.paid.code}`;

/** Subject, text and HTML of the receipt of one completed checkout purchase. */
export const receiptMail = (view: SuccessView, { to, completedAt }: { to: string; completedAt: Date }) => {
  const locale = localeOfTag(view.locale) ?? DEFAULT_LOCALE;
  const t = getTranslator(locale, "checkout");
  const names = { game: view.game.name, item: view.item.name };
  const amount = amountOf(view, locale);
  const tax =
    view.paid.kind === "usd" && view.game.tax
      ? t("success.taxIncluded", {
          label: `${view.game.tax.label} (${formatRate(locale, view.game.tax.rateBps)})`,
          amount: formatMoney(locale, includedTaxCents(view.paid.cents, view.game.tax.rateBps), "USD"),
        })
      : null;
  const url = `${appBaseUrl()}${successUrlPath(view.purchaseId)}`;
  const lines = [
    t("receipt.thanks", names),
    "",
    t("success.youPaid", { amount, item: view.item.name }),
    ...(tax ? [tax] : []),
    t("receipt.date", { date: formatDate(locale, completedAt) }),
    `${t("success.reference")}: ${view.reference}`,
    "",
    t("receipt.link", { url }),
    t("success.referenceHint", { game: view.game.name }),
  ];
  const html = [
    `<p>${escapeHtml(t("receipt.thanks", names))}</p>`,
    `<p><strong>${escapeHtml(t("success.youPaid", { amount, item: view.item.name }))}</strong></p>`,
    tax ? `<p>${escapeHtml(tax)}</p>` : "",
    `<p>${escapeHtml(t("receipt.date", { date: formatDate(locale, completedAt) }))}<br>${escapeHtml(t("success.reference"))}: <span style="font-family:monospace">${escapeHtml(view.reference)}</span></p>`,
    `<p><a href="${escapeHtml(url)}">${escapeHtml(t("receipt.open"))}</a></p>`,
    `<p style="color:#555">${escapeHtml(t("success.referenceHint", { game: view.game.name }))}</p>`,
  ].join("");
  return { to, subject: t("receipt.subject", names), text: lines.join("\n"), html };
};

/**
 * Emails the receipt of a completed checkout purchase to the account it is on. Nothing is sent for a
 * purchase that is not completed, not from a checkout, or whose account has no real address. Returns
 * whether a mail went out (or into the development outbox). A failed send throws, so the job retries.
 */
export const emailReceipt = async (ctx: DbContext, { purchaseId }: { purchaseId: string }): Promise<boolean> => {
  const purchase = await ctx.db.purchase.findUnique({ where: { id: purchaseId }, select: { grantId: true, checkoutSessionId: true, completedAt: true } });
  if (!purchase || (!purchase.grantId && !purchase.checkoutSessionId)) return false;
  const view = await loadSuccessView(ctx, { purchaseId });
  if (!view || view.status !== "completed" || !view.email) return false;
  await sendEmail(receiptMail(view, { to: view.email, completedAt: purchase.completedAt ?? new Date() }), { db: ctx.db });
  return true;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOAD_SUCCESS_VIEW_ERRORS } from "./load-success-view.ts";
export const EMAIL_RECEIPT_ERRORS = [...LOAD_SUCCESS_VIEW_ERRORS] as const satisfies readonly ErrorCode[];

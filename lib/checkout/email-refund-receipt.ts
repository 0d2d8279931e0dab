// The receipt of a refund (issue 31), the counterpart of the purchase receipt (email-receipt.ts): queued by the
// refunding transaction (lib/refunds/refund-purchase.ts) as the checkout:email-refund-receipt job, once per refund.
// It says what came back of what was paid, the short reference (the purchase's: the payer quotes the same one),
// and the signed link to the receipt page, which now shows the refund. In the checkout's language, else English.
import type { DbContext } from "../core/context.ts";
import { appBaseUrl } from "../config/settings.ts";
import { sendEmail } from "../email/send-email.ts";
import { formatMoney, formatNumber } from "../i18n/format.ts";
import { DEFAULT_LOCALE, localeOfTag } from "../i18n/locales.ts";
import { getTranslator } from "../i18n/translator.ts";
import { loadSuccessView, type PaidAmount } from "./load-success-view.ts";
import { successUrlPath } from "./sign-url.ts";

export const REFUND_RECEIPT_EMAIL_TASK = "checkout:email-refund-receipt";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Emails the receipt of one refund of a checkout purchase to the account it is on. Nothing is sent for a purchase
 * not from a checkout, an account without a real address, or a refund that is not this purchase's. Returns whether a
 * mail went out. A failed send throws, so the job retries.
 */
export const emailRefundReceipt = async (ctx: DbContext, { purchaseId, refundId }: { purchaseId: string; refundId: string }): Promise<boolean> => {
  const purchase = await ctx.db.purchase.findUnique({ where: { id: purchaseId }, select: { grantId: true, checkoutSessionId: true, paymentMethod: true } });
  const refund = await ctx.db.refund.findFirst({ where: { id: refundId, objectType: "purchase", objectId: purchaseId } });
  if (!purchase || !refund || (!purchase.grantId && !purchase.checkoutSessionId)) return false;
  const view = await loadSuccessView(ctx, { purchaseId });
  if (!view || !view.email) return false;
  const locale = localeOfTag(view.locale) ?? DEFAULT_LOCALE;
  const t = getTranslator(locale, "checkout");
  const money = (a: PaidAmount) => (a.kind === "usd" ? formatMoney(locale, a.cents, "USD") : `${formatNumber(locale, a.units)} ${a.code}`);
  const back: PaidAmount =
    view.paid.kind === "vc"
      ? { kind: "vc", units: Number(refund.amount), code: view.paid.code }
      : { kind: "usd", cents: Number(purchase.paymentMethod === "wallet" ? refund.amount / 10_000n : refund.amount) };
  const names = { game: view.game.name, item: view.item.name };
  const body = t("success.refundedBody", { refunded: money(back), amount: money(view.paid), item: view.item.name });
  const url = `${appBaseUrl()}${successUrlPath(view.purchaseId)}`;
  const text = [
    t("refundReceipt.intro", names),
    "",
    body,
    t("success.refundedWhere"),
    `${t("success.reference")}: ${view.reference}`,
    "",
    t("receipt.link", { url }),
    t("success.referenceHint", { game: view.game.name }),
  ].join("\n");
  const html = [
    `<p>${escapeHtml(t("refundReceipt.intro", names))}</p>`,
    `<p><strong>${escapeHtml(body)}</strong></p>`,
    `<p>${escapeHtml(t("success.refundedWhere"))}<br>${escapeHtml(t("success.reference"))}: <span style="font-family:monospace">${escapeHtml(view.reference)}</span></p>`,
    `<p><a href="${escapeHtml(url)}">${escapeHtml(t("receipt.open"))}</a></p>`,
    `<p style="color:#555">${escapeHtml(t("success.referenceHint", { game: view.game.name }))}</p>`,
  ].join("");
  await sendEmail({ to: view.email, subject: t("refundReceipt.subject", names), text, html }, { db: ctx.db });
  return true;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOAD_SUCCESS_VIEW_ERRORS } from "./load-success-view.ts";
export const EMAIL_REFUND_RECEIPT_ERRORS = [...LOAD_SUCCESS_VIEW_ERRORS] as const satisfies readonly ErrorCode[];

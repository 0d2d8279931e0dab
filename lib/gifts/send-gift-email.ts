// The claim email of a funded gift, from the gift catalog. English: the spec shows no language field on a
// gift or its distribution, so there is nothing to pick another language from; the French catalog is ready
// for when one exists (pass `locale`).
import type { DbContext } from "../core/context.ts";
import { sendEmail } from "../email/send-email.ts";
import { formatMoney } from "../i18n/format.ts";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales.ts";
import { getTranslator } from "../i18n/translator.ts";
import { claimUrl } from "./claim-code.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Subject, text and HTML of a gift's claim email. */
export const giftMail = ({
  to,
  amountCents,
  code,
  from,
  locale = DEFAULT_LOCALE,
}: {
  to: string;
  amountCents: bigint;
  code: string;
  from: string;
  locale?: Locale;
}) => {
  const t = getTranslator(locale, "gift");
  const url = claimUrl(code);
  const amount = formatMoney(locale, Number(amountCents), "USD");
  return {
    to,
    subject: t("email.subject", { amount }),
    text: [t("email.body", { from, amount }), "", t("email.link", { url }), "", t("email.howTo", { email: to })].join("\n"),
    html: [
      `<p>${escapeHtml(t("email.body", { from, amount }))}</p>`,
      `<p><a href="${escapeHtml(url)}">${escapeHtml(t("email.open"))}</a></p>`,
      `<p>${escapeHtml(t("email.howTo", { email: to }))}</p>`,
    ].join(""),
  };
};

/** Mails a funded gift's claim link to its recipient; false when sending failed (the gift stays funded and claimable). */
export const sendGiftEmail = async (ctx: DbContext, gift: Parameters<typeof giftMail>[0]): Promise<boolean> => {
  try {
    await sendEmail(giftMail(gift), { db: ctx.db });
    return true;
  } catch (err) {
    console.error("[gifts] claim email failed", err);
    return false;
  }
};

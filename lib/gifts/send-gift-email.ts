import type { DbContext } from "../core/context.ts";
import { sendEmail } from "../email/send-email.ts";
import { claimUrl } from "./claim-code.ts";

const dollars = (cents: bigint) => `$${(Number(cents) / 100).toFixed(2)}`;

/** Mails a funded gift's claim link to its recipient; false when sending failed (the gift stays funded and claimable). */
export const sendGiftEmail = async (
  ctx: DbContext,
  { to, amountCents, code, from }: { to: string; amountCents: bigint; code: string; from: string },
): Promise<boolean> => {
  const url = claimUrl(code);
  try {
    await sendEmail(
      {
        to,
        subject: `You received a gift of ${dollars(amountCents)}`,
        text: `${from} sent you ${dollars(amountCents)} (USDC).\n\nClaim it here: ${url}\n\nSign in or create an account with this email address (${to}); the gift lands in your wallet. The link works once.`,
        html: `<p>${escapeHtml(from)} sent you <strong>${dollars(amountCents)}</strong> (USDC).</p><p><a href="${url}">Claim your gift</a></p><p>Sign in or create an account with this email address (${escapeHtml(to)}); the gift lands in your wallet. The link works once.</p>`,
      },
      { db: ctx.db },
    );
    return true;
  } catch (err) {
    console.error("[gifts] claim email failed", err);
    return false;
  }
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

import { sendEmail } from "../email/send-email.ts";
import type { DbContext } from "../core/context.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Emails the key a KEY_DELIVERY purchase received to the paying player (the purchases:email-key job,
 * queued in the completing transaction). Records keyEmailStatus: 'sent', 'skipped_no_smtp' when SMTP_URL
 * is unset (the key stays readable on the purchase), or 'failed' before rethrowing so the job retries.
 */
export const emailDeliveredKey = async (ctx: DbContext, { purchaseId }: { purchaseId: string }): Promise<string> => {
  const p = await ctx.db.purchase.findUnique({ where: { id: purchaseId } });
  if (!p || !p.deliveredKey || !p.playerId || p.keyEmailStatus === "sent") return p?.keyEmailStatus ?? "none";
  const [player, product, game] = await Promise.all([
    ctx.db.player.findUniqueOrThrow({ where: { id: p.playerId } }),
    ctx.db.product.findUniqueOrThrow({ where: { id: p.productId } }),
    ctx.db.game.findUniqueOrThrow({ where: { id: p.gameId } }),
  ]);
  try {
    const result = await sendEmail({
      to: player.email,
      subject: `Your key for ${product.name}`,
      text: `Thanks for your purchase in ${game.name}.\n\nYour key for ${product.name}:\n\n${p.deliveredKey}\n\nPurchase ${p.id}`,
      html: `<p>Thanks for your purchase in ${escapeHtml(game.name)}.</p><p>Your key for <strong>${escapeHtml(product.name)}</strong>:</p><p style="font-family:monospace;font-size:18px">${escapeHtml(p.deliveredKey)}</p><p style="color:#666">Purchase ${p.id}</p>`,
    });
    const status = result.sent ? "sent" : "skipped_no_smtp";
    await ctx.db.purchase.update({ where: { id: p.id }, data: { keyEmailStatus: status } });
    return status;
  } catch (err) {
    await ctx.db.purchase.update({ where: { id: p.id }, data: { keyEmailStatus: "failed" } });
    throw err;
  }
};

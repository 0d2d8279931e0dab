// Server-only: what the page after paying (/checkout/success/{purchaseId}) shows: the purchase, its game's
// name and theme, the item, the way back (its grant or redirect session) and the receipt email.
import type { DbClient } from "../db/transaction.ts";

export const loadSuccessView = async (db: DbClient, purchaseId: string) => {
  const purchase = await db.purchase.findUnique({ where: { id: purchaseId } });
  if (!purchase) return null;
  const [game, product, session, grant, player] = await Promise.all([
    db.game.findUniqueOrThrow({ where: { id: purchase.gameId }, select: { name: true, checkoutTheme: true, hideSuccessPageShareButtons: true } }),
    db.product.findUnique({ where: { id: purchase.productId }, select: { name: true } }),
    purchase.checkoutSessionId ? db.checkoutSession.findUnique({ where: { id: purchase.checkoutSessionId } }) : null,
    purchase.grantId ? db.checkoutGrant.findUnique({ where: { id: purchase.grantId } }) : null,
    purchase.playerId ? db.player.findUnique({ where: { id: purchase.playerId }, select: { email: true } }) : null,
  ]);
  return { purchase, game, product, session, grant, player };
};

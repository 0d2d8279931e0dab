// The catalogue's portal services act as the game, through the same services the /v1 product and deal
// routes call: a GameContext for a game of the member's business, and the business's product or deal by
// id (another business's is the same 404 as an unknown one).
import type { GameContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { productNotFound } from "../products/load-product.ts";
import { isUsableId } from "../platform/business-admin.ts";
import type { AuditActor } from "../audit/record-audit.ts";
import type { Game } from "../db/generated/client.ts";
import { findBusinessGame } from "./load-portal-game.ts";
import { asGame } from "./helper-contexts.ts";
import type { PortalContext, PortalMember } from "./require-portal-access.ts";

/** The context a /v1 route would hand the service for the game (its own environment), the member acting. */
export const gameContextOf = (ctx: PortalContext, game: Game, member: PortalMember): GameContext => asGame(ctx, game, member);

export const memberActor = (member: PortalMember): AuditActor => ({ type: "member", email: member.email });

/** A game of the business and its GameContext; another business's game is 404 GAME_NOT_FOUND. */
export const portalGame = async (ctx: PortalContext, member: PortalMember, input: { businessId: string; gameId: string }) => {
  const game = await findBusinessGame(ctx, input);
  return { game, gctx: gameContextOf(ctx, game, member) };
};

/** A product of one of the business's games; anything else is 404 PRODUCT_NOT_FOUND. */
export const portalProduct = async (ctx: PortalContext, member: PortalMember, { businessId, productId }: { businessId: string; productId: string }) => {
  const product = isUsableId(productId) ? await ctx.db.product.findUnique({ where: { id: productId } }) : null;
  const game = product ? await ctx.db.game.findFirst({ where: { id: product.gameId, businessId } }) : null;
  if (!product || !game) throw productNotFound(productId);
  return { product, game, gctx: gameContextOf(ctx, game, member) };
};

/** A deal on a product of one of the business's games; anything else is 404 NOT_FOUND. */
export const portalDeal = async (ctx: PortalContext, member: PortalMember, { businessId, dealId }: { businessId: string; dealId: string }) => {
  const deal = isUsableId(dealId) ? await ctx.db.deal.findUnique({ where: { id: dealId } }) : null;
  const game = deal ? await ctx.db.game.findFirst({ where: { id: deal.gameId, businessId } }) : null;
  if (!deal || !game) throw notFound(`Deal ${JSON.stringify(dealId)}`);
  return { deal, game, gctx: gameContextOf(ctx, game, member) };
};

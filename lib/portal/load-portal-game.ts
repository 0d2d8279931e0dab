import { AppError } from "../core/errors.ts";
import { serializeGame } from "../games/serialize-game.ts";
import { isUsableId } from "../platform/business-admin.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

/** A game of the business, to a member who may see games; another business's game is 404 GAME_NOT_FOUND. */
export const findBusinessGame = async (ctx: PortalContext, { businessId, gameId }: { businessId: string; gameId: string }) => {
  const game = isUsableId(gameId) ? await ctx.db.game.findFirst({ where: { id: gameId, businessId } }) : null;
  if (!game) throw new AppError("GAME_NOT_FOUND", "This game was not found.");
  return game;
};

/** The game settings page: the game as GET /v1/game shows it. */
export const loadPortalGame = async (ctx: PortalContext, input: { businessId: string; gameId: string }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "games:read" });
  return { member, game: serializeGame(await findBusinessGame(ctx, input)) };
};

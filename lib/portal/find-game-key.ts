import { AppError } from "../core/errors.ts";
import { isUsableId } from "../platform/business-admin.ts";
import type { PortalContext } from "./require-portal-access.ts";

/** A server key of one of the business's games; anything else (another business's, a platform key) is 404. */
export const findGameKey = async (ctx: PortalContext, { businessId, keyId }: { businessId: string; keyId: string }) => {
  const key = isUsableId(keyId) ? await ctx.db.apiKey.findFirst({ where: { id: keyId, kind: "server" } }) : null;
  const game = key?.gameId ? await ctx.db.game.findFirst({ where: { id: key.gameId, businessId }, select: { id: true } }) : null;
  if (!key || !game) throw new AppError("API_KEY_NOT_FOUND", "This API key was not found.");
  return key;
};

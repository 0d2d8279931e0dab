import { AppError } from "../core/errors.ts";
import { isUsableId } from "../platform/business-admin.ts";
import type { PortalContext } from "./require-portal-access.ts";

/**
 * A key the business's team manages in the portal: a server key of one of its games or a campaign key of one
 * of its campaigns that is not deleted (the keys page lists no deleted campaign). Anything else (another
 * business's key, a platform key, an unknown id) is 404 API_KEY_NOT_FOUND.
 */
export const findBusinessKey = async (ctx: PortalContext, { businessId, keyId }: { businessId: string; keyId: string }) => {
  const key = isUsableId(keyId) ? await ctx.db.apiKey.findFirst({ where: { id: keyId, kind: { in: ["server", "campaign"] } } }) : null;
  const owned =
    key?.kind === "server" && key.gameId
      ? await ctx.db.game.count({ where: { id: key.gameId, businessId } })
      : key?.kind === "campaign" && key.campaignId
        ? await ctx.db.campaign.count({ where: { id: key.campaignId, businessId, status: { not: "deleted" }, deletedAt: null } })
        : 0;
  if (!key || owned === 0) throw new AppError("API_KEY_NOT_FOUND", "This API key was not found.");
  return key;
};

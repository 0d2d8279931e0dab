import type { CampaignContext } from "../core/context.ts";
import { pageInfo, pageWindow } from "../core/pagination.ts";

/** The campaign's actively linked users, most recently linked first, one page at a time. */
export const listCampaignUsers = async (ctx: CampaignContext, { page, limit }: { page: number; limit: number }) => {
  const where = { namespaceType: "campaign", namespaceId: ctx.scope.campaignId, environment: ctx.scope.environment, status: "active" };
  const [rows, totalCount] = await Promise.all([
    ctx.db.playerLink.findMany({ where, include: { player: true }, orderBy: [{ linkedAt: "desc" }, { id: "desc" }], ...pageWindow({ page, limit }) }),
    ctx.db.playerLink.count({ where }),
  ]);
  return {
    users: rows.map((l) => ({ linkId: l.id, userRef: l.userRef, email: l.player.email, name: l.player.name, linkedAt: l.linkedAt.toISOString() })),
    pagination: pageInfo({ page, limit, totalCount }),
  };
};

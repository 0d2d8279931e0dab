import type { GameContext } from "../core/context.ts";
import { serializeSplitTemplate } from "./serialize-split-template.ts";

/** GET /v1/split-templates with a server key: the non-archived templates of the game's business in the key's environment, newest first. */
export const listGameSplitTemplates = async (ctx: GameContext) => {
  const rows = await ctx.db.splitTemplate.findMany({
    where: { businessId: ctx.scope.businessId, environment: ctx.scope.environment, isArchived: false },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return { templates: rows.map(serializeSplitTemplate), total: rows.length };
};

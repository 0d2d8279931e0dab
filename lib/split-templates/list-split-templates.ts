import type { PlatformContext } from "../core/context.ts";
import { targetBusinessOf } from "../businesses/target-business.ts";
import { serializeSplitTemplate } from "./serialize-split-template.ts";

/** The target business's non-archived templates in the key's environment, newest first. */
export const listSplitTemplates = async (ctx: PlatformContext) => {
  const { businessId } = targetBusinessOf(ctx);
  const rows = await ctx.db.splitTemplate.findMany({
    where: { businessId, environment: ctx.environment, isArchived: false },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return { templates: rows.map(serializeSplitTemplate), total: rows.length };
};

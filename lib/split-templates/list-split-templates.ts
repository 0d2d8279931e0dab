import type { TargetContext } from "../core/context.ts";
import { serializeSplitTemplate } from "./serialize-split-template.ts";

/** The target business's non-archived templates in the key's environment, newest first. */
export const listSplitTemplates = async (ctx: TargetContext) => {
  const { businessId } = ctx.scope;
  const rows = await ctx.db.splitTemplate.findMany({
    where: { businessId, environment: ctx.scope.environment, isArchived: false },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return { templates: rows.map(serializeSplitTemplate), total: rows.length };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const LIST_SPLIT_TEMPLATES_ERRORS = [] as const satisfies readonly ErrorCode[];

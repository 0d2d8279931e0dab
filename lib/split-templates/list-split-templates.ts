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

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { TARGET_BUSINESS_ERRORS } from "../businesses/target-business.ts";
export const LIST_SPLIT_TEMPLATES_ERRORS = [...TARGET_BUSINESS_ERRORS] as const satisfies readonly ErrorCode[];

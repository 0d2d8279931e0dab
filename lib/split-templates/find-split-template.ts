import type { TargetContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import type { SplitTemplate } from "../db/generated/client.ts";

export const splitTemplateNotFound = (id: string) =>
  new AppError("SPLIT_TEMPLATE_NOT_FOUND", `Split template ${JSON.stringify(id.slice(0, 64))} was not found for this business in this environment.`);

/**
 * A non-archived template of the target business in the key's environment, or 404 (another business's,
 * and an archived one, are 404 too). `lock`: FOR UPDATE, for a change.
 */
export const findSplitTemplate = async (
  ctx: TargetContext,
  { templateId: id, lock = false }: { templateId: string; lock?: boolean },
): Promise<SplitTemplate> => {
  const { db } = ctx;
  const { businessId } = ctx.scope;
  if (!/^[0-9a-f]{24}$/.test(id)) throw splitTemplateNotFound(id);
  if (lock) await db.$queryRaw`SELECT 1 FROM "SplitTemplate" WHERE "id" = ${id} FOR UPDATE`;
  const t = await db.splitTemplate.findUnique({ where: { id } });
  if (!t || t.businessId !== businessId || t.environment !== ctx.scope.environment || t.isArchived) throw splitTemplateNotFound(id);
  return t;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const FIND_SPLIT_TEMPLATE_ERRORS = ["SPLIT_TEMPLATE_NOT_FOUND"] as const satisfies readonly ErrorCode[];

import type { TargetContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";

export const distributionNotFound = (id: string) =>
  new AppError("DISTRIBUTION_NOT_FOUND", `Distribution ${JSON.stringify(id.slice(0, 64))} was not found for this business in this environment.`);

/**
 * A distribution of the target business in the key's environment with its line items, or 404 (another
 * business's is a 404 too). `lock`: the row is locked FOR UPDATE first (inside the caller's transaction),
 * so concurrent changes queue.
 */
export const findDistribution = async (ctx: TargetContext, { id, lock = false }: { id: string; lock?: boolean }) => {
  const { businessId } = ctx.scope;
  if (!/^[0-9a-f]{24}$/.test(id)) throw distributionNotFound(id);
  if (lock) await ctx.db.$queryRaw`SELECT 1 FROM "Distribution" WHERE "id" = ${id} FOR UPDATE`;
  const d = await ctx.db.distribution.findUnique({ where: { id }, include: { lineItems: true } });
  if (!d || d.businessId !== businessId || d.environment !== ctx.scope.environment) throw distributionNotFound(id);
  return d;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const FIND_DISTRIBUTION_ERRORS = ["DISTRIBUTION_NOT_FOUND"] as const satisfies readonly ErrorCode[];

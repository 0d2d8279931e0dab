import type { TargetContext } from "../core/context.ts";
import { pageWindow } from "../core/pagination.ts";
import type { DistributionStatus } from "./distribution-states.ts";
import { serializeDistribution } from "./serialize-distribution.ts";

/** The target business's distributions in the key's environment (every platform's), newest first, one page. */
export const listDistributions = async (ctx: TargetContext, q: { page: number; limit: number; status?: DistributionStatus }) => {
  const { businessId } = ctx.scope;
  const where = { businessId, environment: ctx.scope.environment, ...(q.status ? { status: q.status } : {}) };
  const [total, rows] = await Promise.all([
    ctx.db.distribution.count({ where }),
    ctx.db.distribution.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], include: { lineItems: true }, ...pageWindow(q) }),
  ]);
  return { distributions: rows.map(serializeDistribution), pagination: { total, page: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) } };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const LIST_DISTRIBUTIONS_ERRORS = [] as const satisfies readonly ErrorCode[];

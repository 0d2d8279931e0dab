import type { TargetContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { findDistribution } from "../distributions/find-distribution.ts";
import type { FundTarget } from "./insert-fund-session.ts";

/** Where a platform route points: the campaign in the path (checked by the kernel), or `distributionId`. */
export type FundSessionRef = { handle: string; distributionId?: string };

/**
 * The target of a route: a distribution of the target business (404 DISTRIBUTION_NOT_FOUND otherwise), or the
 * campaign the kernel resolved from the path.
 */
export const resolveFundTarget = async (ctx: TargetContext, ref: FundSessionRef): Promise<FundTarget> => {
  if (ref.distributionId !== undefined) {
    const d = await findDistribution(ctx, { id: ref.distributionId });
    return { targetType: "distribution", distributionId: d.id };
  }
  if (ctx.scope.kind !== "campaign") throw new AppError("CAMPAIGN_NOT_FOUND", "This route needs a campaign id in its path.");
  return { targetType: "campaign", campaignId: ctx.scope.campaignId };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_DISTRIBUTION_ERRORS } from "../distributions/find-distribution.ts";
export const RESOLVE_FUND_TARGET_ERRORS = ["CAMPAIGN_NOT_FOUND", ...FIND_DISTRIBUTION_ERRORS] as const satisfies readonly ErrorCode[];

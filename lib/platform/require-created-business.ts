import type { PlatformContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";

/**
 * The test helpers act out a business admin's decision, so they decide only for a test business this
 * platform created (POST /v1/platform/business records createdByPlatformId). A business whose own admin
 * granted access, now or before, answers on its hosted pages only: otherwise a platform could revoke its
 * grant, invite itself with more scopes and accept. Anything else is 404 BUSINESS_NOT_FOUND.
 */
export const requireCreatedBusiness = async (ctx: PlatformContext, businessId: string) => {
  const business = await ctx.db.business.findUnique({ where: { id: businessId }, select: { environment: true, createdByPlatformId: true } });
  if (business?.environment !== ctx.scope.environment || business.createdByPlatformId !== ctx.scope.platformId)
    throw new AppError(
      "BUSINESS_NOT_FOUND",
      `Business ${businessId} was not found among the ${ctx.scope.environment} businesses your platform created (POST /v1/platform/business). Test helpers answer only for those; another business's admin answers on its hosted pages.`,
    );
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const REQUIRE_CREATED_BUSINESS_ERRORS = ["BUSINESS_NOT_FOUND"] as const satisfies readonly ErrorCode[];

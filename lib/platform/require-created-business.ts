import type { PlatformContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";

/**
 * The test helpers act out a business admin, so they act only for a test business that has (or had) a
 * grant to the calling platform (every business the platform created has one): a platform cannot make
 * an unrelated tenant's business grant it access. Anything else is 404 BUSINESS_NOT_FOUND.
 */
export const requireKnownBusiness = async (ctx: PlatformContext, businessId: string) => {
  const { db } = ctx;
  const business = await db.business.findUnique({ where: { id: businessId }, select: { environment: true } });
  const known =
    business?.environment === ctx.environment &&
    (await db.businessGrant.findFirst({ where: { platformId: ctx.principal.platformId, businessId }, select: { id: true } })) !== null;
  if (!known)
    throw new AppError(
      "BUSINESS_NOT_FOUND",
      `Business ${businessId} was not found among the test businesses that granted this platform access (now or before). Test helpers act only for those.`,
    );
};

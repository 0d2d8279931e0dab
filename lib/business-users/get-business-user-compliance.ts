import type { TargetContext } from "../core/context.ts";
import { verificationStatusOf } from "../businesses/verification-statuses.ts";
import { complianceUrl } from "./compliance-url.ts";
import { resolveBusinessUser } from "./resolve-business-user.ts";
import type { ComplianceView } from "./schemas.ts";

/** The compliance view of one player in one environment: kycUrl whenever the status is not approved. */
export const complianceView = (userRef: string, stored: string | null | undefined): ComplianceView => {
  const status = verificationStatusOf(stored);
  return { userRef, status, ...(status === "approved" ? {} : { kycUrl: complianceUrl() }) };
};

/**
 * A business-linked player's compliance (KYC) status: one review per player and environment, whichever
 * business reads it; not_started until a review moves it.
 */
export const getBusinessUserCompliance = async (ctx: TargetContext, { userRef }: { userRef: string }): Promise<ComplianceView> => {
  const link = await resolveBusinessUser(ctx, userRef);
  const row = await ctx.db.playerCompliance.findUnique({ where: { playerId_environment: { playerId: link.playerId, environment: ctx.scope.environment } } });
  return complianceView(link.userRef, row?.status);
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESOLVE_BUSINESS_USER_ERRORS } from "./resolve-business-user.ts";
export const GET_BUSINESS_USER_COMPLIANCE_ERRORS = [...RESOLVE_BUSINESS_USER_ERRORS] as const satisfies readonly ErrorCode[];

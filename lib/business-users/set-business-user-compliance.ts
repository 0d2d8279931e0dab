import type { TargetContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import type { VerificationStatus } from "../businesses/verification-statuses.ts";
import { complianceView } from "./get-business-user-compliance.ts";
import { resolveBusinessUser } from "./resolve-business-user.ts";
import { writeComplianceStatus } from "./write-compliance-status.ts";
import type { ComplianceView } from "./schemas.ts";

/**
 * Test mode: a compliance review moves a business-linked player to `status` (any of the five; the spec
 * shows no transitions between them). Test environment only (a live key gets 404).
 */
export const setBusinessUserCompliance = async (
  ctx: TargetContext,
  { userRef, status }: { userRef: string; status: VerificationStatus },
): Promise<ComplianceView> => {
  if (ctx.scope.environment !== "test") throw new AppError("NOT_FOUND", "Test helpers exist only for test-environment keys.");
  const link = await resolveBusinessUser(ctx, userRef);
  const row = await writeComplianceStatus(ctx, { playerId: link.playerId, environment: ctx.scope.environment, status });
  return complianceView(link.userRef, row?.status ?? status);
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESOLVE_BUSINESS_USER_ERRORS } from "./resolve-business-user.ts";
export const SET_BUSINESS_USER_COMPLIANCE_ERRORS = ["NOT_FOUND", ...RESOLVE_BUSINESS_USER_ERRORS] as const satisfies readonly ErrorCode[];

import type { PlatformContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";

/**
 * The business a platform call acts for (X-Target-Business-Id, checked by the kernel: it exists in the
 * key's environment and has an active grant to the platform), and that grant.
 */
export const targetBusinessOf = (ctx: PlatformContext): { businessId: string; grantId: string } => {
  const { businessId, grantId } = ctx.principal;
  if (!businessId || !grantId) throw new AppError("TARGET_BUSINESS_REQUIRED", "Missing X-Target-Business-Id header: send the id of the business you act for.");
  return { businessId, grantId };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const TARGET_BUSINESS_ERRORS = ["TARGET_BUSINESS_REQUIRED"] as const satisfies readonly ErrorCode[];

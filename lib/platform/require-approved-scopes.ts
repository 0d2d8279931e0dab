import type { PlatformAdminContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { loadPlatform } from "./load-platform.ts";
import { approvedScopesFor } from "./scopes.ts";

/**
 * A member of the platform's owner business (the portal's platform console) may give a key only scopes the
 * platform is approved for in the key's environment (test: approvedScopes and testApprovedScopes; live:
 * approvedScopes): a scope it lacks is requested first. Takes the platform row's lock.
 */
export const requireApprovedScopes = async (ctx: PlatformAdminContext, { scopes, field }: { scopes: readonly string[]; field: string }) => {
  const approved = approvedScopesFor(ctx.scope.environment, await loadPlatform(ctx, { platformId: ctx.scope.platformId, lock: true }));
  const missing = scopes.filter((s) => !approved.includes(s));
  if (missing.length > 0)
    throw new AppError(
      "SCOPE_NOT_APPROVED",
      `The platform is not approved for ${missing.join(", ")} in ${ctx.scope.environment} mode. Request ${missing.length > 1 ? "them" : "it"} first.`,
      { details: missing.map((s) => ({ field, message: `${s} is not approved for the platform in ${ctx.scope.environment} mode` })) },
    );
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const REQUIRE_APPROVED_SCOPES_ERRORS = ["SCOPE_NOT_APPROVED"] as const satisfies readonly ErrorCode[];

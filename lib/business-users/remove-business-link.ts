import type { TargetContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { linkScopeOf } from "../linking/link-scope.ts";
import { removeLink } from "../linking/remove-link.ts";
import { resolveBusinessUser } from "./resolve-business-user.ts";

/**
 * Unlinks a player from the target business: the link-removal service makes the link unlinked (the obu_
 * reference stays the player's: linking again brings it back), ends its approved sessions and emits
 * User.Account.Link.Removed to the platform. A link already removed is 404 LINK_NOT_FOUND, also when a
 * concurrent removal wins the race.
 */
export const removeBusinessLink = async (ctx: TargetContext, { userRef }: { userRef: string }): Promise<{ success: true; message: string }> => {
  const link = await resolveBusinessUser(ctx, userRef);
  try {
    await removeLink(ctx, { scope: linkScopeOf(ctx), userRef: link.userRef });
  } catch (e) {
    if (e instanceof AppError && e.code === "USER_REF_NOT_FOUND")
      throw new AppError("LINK_NOT_FOUND", `User ${JSON.stringify(userRef)} has no active link to this business: it was removed.`);
    throw e;
  }
  return { success: true, message: `User ${link.userRef} is no longer linked to this business.` };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESOLVE_BUSINESS_USER_ERRORS } from "./resolve-business-user.ts";
import { REMOVE_LINK_ERRORS } from "../linking/remove-link.ts";
export const REMOVE_BUSINESS_LINK_ERRORS = ["LINK_NOT_FOUND", ...RESOLVE_BUSINESS_USER_ERRORS, ...REMOVE_LINK_ERRORS] as const satisfies readonly ErrorCode[];

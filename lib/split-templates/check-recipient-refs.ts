import type { TargetContext } from "../core/context.ts";
import { resolveBusinessUser } from "../business-users/resolve-business-user.ts";
import type { StoredRecipient } from "./recipients.ts";

/**
 * Resolves every userRef of a recipient list in the target business: 400 INVALID_USER_REF (not obu_),
 * 404 USER_REF_NOT_FOUND (not of this business), 404 LINK_NOT_FOUND (link removed). Returns the player
 * id of each userRef recipient (null for email recipients), in order.
 */
export const checkRecipientRefs = async (ctx: TargetContext, recipients: StoredRecipient[]): Promise<(string | null)[]> => {
  const out: (string | null)[] = [];
  for (const r of recipients) out.push(r.userRef === null ? null : (await resolveBusinessUser(ctx, r.userRef)).playerId);
  return out;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESOLVE_BUSINESS_USER_ERRORS } from "../business-users/resolve-business-user.ts";
export const CHECK_RECIPIENT_REFS_ERRORS = [...RESOLVE_BUSINESS_USER_ERRORS] as const satisfies readonly ErrorCode[];

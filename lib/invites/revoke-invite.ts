import { inTransaction } from "../db/transaction.ts";
import type { LinkScope } from "../linking/link-scope.ts";
import { lockInvite } from "./find-invite.ts";
import { canTransitionInvite } from "./invite-states.ts";
import { transitionInvite } from "./transition-invite.ts";
import type { LinkInvite } from "./schemas.ts";
import { serializeInvite } from "./serialize-invite.ts";
import type { DbContext } from "../core/context.ts";

/**
 * Revokes an invite for good: no new session opens through it, and sessions it already opened fail
 * when approved. Revoking a revoked invite changes nothing and returns it (revokedAt stays the first).
 */
export const revokeInvite = async (ctx: DbContext, { scope, code, now = new Date() }: { scope: LinkScope; code: string; now?: Date }): Promise<LinkInvite> =>
  inTransaction(ctx.db, async (tx) => {
    const invite = await lockInvite({ ...ctx, db: tx }, { code, scope });
    if (!canTransitionInvite(invite.status, "revoke")) return serializeInvite(invite);
    return serializeInvite(await transitionInvite({ ...ctx, db: tx }, { invite, action: "revoke", data: { revokedAt: now } }));
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_INVITE_ERRORS } from "./find-invite.ts";
import { TRANSITION_INVITE_ERRORS } from "./transition-invite.ts";
export const REVOKE_INVITE_ERRORS = [...FIND_INVITE_ERRORS, ...TRANSITION_INVITE_ERRORS] as const satisfies readonly ErrorCode[];

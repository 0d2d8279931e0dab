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

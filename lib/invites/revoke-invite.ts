import { inTransaction, type DbClient } from "../db/transaction.ts";
import type { LinkScope } from "../linking/link-scope.ts";
import { lockInvite } from "./find-invite.ts";
import { canTransitionInvite } from "./invite-states.ts";
import { transitionInvite } from "./transition-invite.ts";
import type { LinkInvite } from "./schemas.ts";
import { serializeInvite } from "./serialize-invite.ts";

/**
 * Revokes an invite for good: no new session opens through it, and sessions it already opened fail
 * when approved. Revoking a revoked invite changes nothing and returns it (revokedAt stays the first).
 */
export const revokeInvite = async (db: DbClient, { scope, code, now = new Date() }: { scope: LinkScope; code: string; now?: Date }): Promise<LinkInvite> =>
  inTransaction(db, async (tx) => {
    const invite = await lockInvite(tx, { code, scope });
    if (!canTransitionInvite(invite.status, "revoke")) return serializeInvite(invite);
    return serializeInvite(await transitionInvite(tx, invite, "revoke", { revokedAt: now }));
  });

import type { Prisma } from "../db/generated/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { conflict } from "../core/errors.ts";
import type { LinkScope } from "../linking/link-scope.ts";
import { lockInvite } from "./find-invite.ts";
import { ACTION_TO, canTransitionInvite, FINAL_INVITE_STATES, type InviteState } from "./invite-states.ts";
import { inviteStateConflict, transitionInvite } from "./transition-invite.ts";
import type { LinkInvite, UpdateInviteBody } from "./schemas.ts";
import { serializeInvite } from "./serialize-invite.ts";
import type { DbContext } from "../core/context.ts";

export const revokedCannotChange = (code: string) =>
  conflict("INVITE_REVOKED_CONFLICT", `Link invite ${code} is revoked; a revoked invite cannot change. Create a new invite instead.`);

/**
 * Changes the label, limit, expiry or status (active ↔ paused) of an invite in the caller's scope.
 * The row is locked while it is checked and written, so a limit can never be set below the uses that
 * approvals count at the same moment. A revoked invite cannot change (409).
 */
export const updateInvite = async (ctx: DbContext, { scope, code, body }: { scope: LinkScope; code: string; body: UpdateInviteBody }): Promise<LinkInvite> =>
  inTransaction(ctx.db, async (tx) => {
    const invite = await lockInvite({ ...ctx, db: tx }, { code, scope });
    if (FINAL_INVITE_STATES.includes(invite.status as InviteState)) throw revokedCannotChange(code);
    const data: Prisma.LinkInviteUncheckedUpdateManyInput = {};
    const action = body.status !== undefined && body.status !== invite.status ? ACTION_TO[body.status] : null;
    if (action && !canTransitionInvite(invite.status, action)) throw inviteStateConflict(code, invite.status, action);
    if (body.maxUses !== undefined) {
      if (body.maxUses !== null && body.maxUses < invite.currentUses)
        throw conflict(
          "MAX_USES_BELOW_CURRENT_USES",
          `maxUses cannot be ${body.maxUses}: the invite has already been used ${invite.currentUses} times. Send ${invite.currentUses} or more, or null for unlimited.`,
        );
      data.maxUses = body.maxUses;
    }
    if (body.label !== undefined) data.label = body.label;
    if (body.expiresAt !== undefined) data.expiresAt = body.expiresAt;
    return serializeInvite(
      action ? await transitionInvite({ ...ctx, db: tx }, { invite, action, data }) : await tx.linkInvite.update({ where: { id: invite.id }, data }),
    );
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_INVITE_ERRORS } from "./find-invite.ts";
import { TRANSITION_INVITE_ERRORS } from "./transition-invite.ts";
export const UPDATE_INVITE_ERRORS = [
  "INVITE_REVOKED_CONFLICT",
  "MAX_USES_BELOW_CURRENT_USES",
  ...FIND_INVITE_ERRORS,
  ...TRANSITION_INVITE_ERRORS,
] as const satisfies readonly ErrorCode[];

import type { AppError } from "../core/errors.ts";
import { lockInvite } from "./find-invite.ts";
import { inviteRefusal } from "./invite-states.ts";
import type { TxContext } from "../db/transaction.ts";

/**
 * Counts one use of an invite for a session being approved, inside the approval's transaction. The
 * invite row stays locked (FOR UPDATE) until that transaction ends, so parallel approvals are counted
 * one after another and an invite with maxUses N never links more than N players. Returns the refusal
 * (paused, revoked, expired, used up) instead, and counts nothing, when the invite cannot link now.
 */
export const claimInviteUse = async (ctx: TxContext, { code, now }: { code: string; now: Date }): Promise<AppError | null> => {
  const invite = await lockInvite(ctx, { code });
  const refusal = inviteRefusal(invite, now);
  if (refusal) return refusal;
  await ctx.db.linkInvite.update({ where: { id: invite.id }, data: { currentUses: { increment: 1 } } });
  return null;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_INVITE_ERRORS } from "./find-invite.ts";
import { INVITE_STATES_ERRORS } from "./invite-states.ts";
export const CLAIM_INVITE_USE_ERRORS = [...FIND_INVITE_ERRORS, ...INVITE_STATES_ERRORS] as const satisfies readonly ErrorCode[];

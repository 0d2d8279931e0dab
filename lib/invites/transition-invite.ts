import type { LinkInvite, Prisma } from "../db/generated/client.ts";
import { guardedTransition } from "../core/state-machine.ts";
import { conflict } from "../core/errors.ts";
import { INVITE_TRANSITIONS, type InviteAction } from "./invite-states.ts";
import type { TxContext } from "../db/transaction.ts";

/** 409 INVITE_STATE_CONFLICT: the invite is not in a state `action` may start from. */
export const inviteStateConflict = (code: string, state: string | null, action: InviteAction) =>
  conflict(
    "INVITE_STATE_CONFLICT",
    `Link invite ${code} is ${state}; only a ${INVITE_TRANSITIONS[action].from.join(" or ")} invite can become ${INVITE_TRANSITIONS[action].to}.`,
  );

/**
 * Moves an invite along the state table (invite-states.ts), writing `data` with the new status in one
 * conditional statement; 409 INVITE_STATE_CONFLICT when it is no longer in a source state.
 */
export const transitionInvite = async (
  ctx: TxContext,
  { invite, action, data = {} }: { invite: Pick<LinkInvite, "id" | "code">; action: InviteAction; data?: Prisma.LinkInviteUncheckedUpdateManyInput },
): Promise<LinkInvite> => {
  const { row } = await guardedTransition(INVITE_TRANSITIONS, action, {
    write: (from, to) => ctx.db.linkInvite.updateManyAndReturn({ where: { id: invite.id, status: { in: [...from] } }, data: { ...data, status: to } }),
    current: async () => (await ctx.db.linkInvite.findUnique({ where: { id: invite.id }, select: { status: true } }))?.status ?? null,
    refuse: (state) => inviteStateConflict(invite.code, state, action),
  });
  return row!;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const TRANSITION_INVITE_ERRORS = ["INVITE_STATE_CONFLICT"] as const satisfies readonly ErrorCode[];

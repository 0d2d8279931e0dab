import type { LinkSession, Prisma } from "../db/generated/client.ts";
import type { TxContext } from "../db/transaction.ts";
import { guardedTransition } from "../core/state-machine.ts";
import { conflict } from "../core/errors.ts";
import { emitLinkEvent } from "./link-session-events.ts";
import { canTransition, effectiveState, LINK_SESSION_TRANSITIONS, type LinkSessionAction } from "./link-session-states.ts";

type TransitionInput = {
  now: Date;
  /** further columns written with the state (playerId and userRef on approval, the failure message) */
  set?: Prisma.LinkSessionUpdateManyMutationInput;
  /** false records the change without a webhook (extra sessions of one removed link) */
  emit?: boolean;
};

const notAllowed = (session: LinkSession, action: LinkSessionAction, now: Date) => {
  const t = LINK_SESSION_TRANSITIONS[action];
  return conflict(
    t.conflictCode,
    `Link session ${session.sessionKey} is ${effectiveState(session, now)}; only a ${t.from.join(" or ")} session can be ${t.to}.`,
  );
};

/**
 * Moves a session along the state table and writes its webhook to the outbox, inside the caller's
 * transaction. The update is conditional on the allowed source states (and on the session being
 * unexpired where the table says so), so of two racing transitions exactly one wins and the other
 * gets 409.
 */
export const transitionLinkSession = async (
  ctx: TxContext,
  { session, action, now, set = {}, emit = true }: TransitionInput & { session: LinkSession; action: LinkSessionAction },
): Promise<LinkSession> => {
  const t = LINK_SESSION_TRANSITIONS[action];
  // the row is read back either way (the caller gets it, the webhook carries it): one read serves both
  let current: LinkSession | undefined;
  const reread = async () => (current = await ctx.db.linkSession.findUniqueOrThrow({ where: { id: session.id } }));
  await guardedTransition(LINK_SESSION_TRANSITIONS, action, {
    write: (from, to) =>
      ctx.db.linkSession.updateMany({
        where: { id: session.id, state: { in: [...from] }, ...(t.needsUnexpired ? { expiresAt: { gt: now } } : {}) },
        data: { ...set, state: to, [t.stamp]: now },
      }),
    current: async () => (await reread()).state,
    refuse: () => notAllowed(current!, action, now),
  });
  const row = await reread();
  if (t.event && emit) await emitLinkEvent(ctx, { event: t.event, session: row });
  return row;
};

/** Throws the 409 of `transitionLinkSession` before any other work is done for a doomed transition. */
export const assertCanTransition = (session: LinkSession, action: LinkSessionAction, now: Date): void => {
  if (!canTransition(session, action, now)) throw notAllowed(session, action, now);
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LINK_SESSION_STATES_ERRORS } from "./link-session-states.ts";
export const TRANSITION_LINK_SESSION_ERRORS = [...LINK_SESSION_STATES_ERRORS] as const satisfies readonly ErrorCode[];

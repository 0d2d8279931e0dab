// The link session state machine (game-api.md "Link session"). Every service reads this table; no
// other file decides which state may follow which.
import { canTransition as allowedFrom, type StateTable } from "../core/state-machine.ts";
import type { CodeWithStatus } from "../core/errors.ts";
import type { LinkSession } from "../db/generated/client.ts";

export const LINK_SESSION_STATES = ["pending", "approved", "canceled", "failed", "expired", "unlinked"] as const;
export type LinkSessionState = (typeof LINK_SESSION_STATES)[number];

export const LINK_EVENTS = {
  started: "User.Account.Link.Started",
  succeeded: "User.Account.Link.Succeeded",
  canceled: "User.Account.Link.Canceled",
  failed: "User.Account.Link.Failed",
  removed: "User.Account.Link.Removed",
} as const;
export type LinkEvent = (typeof LINK_EVENTS)[keyof typeof LINK_EVENTS];

export type LinkSessionAction = "approve" | "cancel" | "fail" | "expire" | "unlink";

type Stamp = "approvedAt" | "canceledAt" | "failedAt" | "expiredAt" | "unlinkedAt";

export type LinkSessionTransition = {
  from: readonly LinkSessionState[];
  to: LinkSessionState;
  /** the timestamp column set when the transition happens */
  stamp: Stamp;
  /** the webhook the transition emits; expiry emits none (the spec lists no expiry event) */
  event: LinkEvent | null;
  /** a pending session past expiresAt can no longer take this transition */
  needsUnexpired: boolean;
  /** the 409 code when the current state does not allow the transition */
  conflictCode: CodeWithStatus<409>;
};

export const LINK_SESSION_TRANSITIONS: StateTable<LinkSessionAction, LinkSessionState> & Record<LinkSessionAction, LinkSessionTransition> = {
  approve: {
    from: ["pending"],
    to: "approved",
    stamp: "approvedAt",
    event: LINK_EVENTS.succeeded,
    needsUnexpired: true,
    conflictCode: "LINK_SESSION_NOT_PENDING",
  },
  cancel: {
    from: ["pending"],
    to: "canceled",
    stamp: "canceledAt",
    event: LINK_EVENTS.canceled,
    needsUnexpired: true,
    conflictCode: "LINK_SESSION_NOT_PENDING",
  },
  fail: { from: ["pending"], to: "failed", stamp: "failedAt", event: LINK_EVENTS.failed, needsUnexpired: true, conflictCode: "LINK_SESSION_NOT_PENDING" },
  expire: { from: ["pending"], to: "expired", stamp: "expiredAt", event: null, needsUnexpired: false, conflictCode: "LINK_SESSION_NOT_PENDING" },
  unlink: {
    from: ["approved"],
    to: "unlinked",
    stamp: "unlinkedAt",
    event: LINK_EVENTS.removed,
    needsUnexpired: false,
    conflictCode: "LINK_SESSION_NOT_APPROVED",
  },
};

/** The lifetime of a session that is not approved: 24 hours (game-api.md Limits). */
export const LINK_SESSION_LIFETIME_MS = 24 * 3600_000;

type StateView = Pick<LinkSession, "state" | "expiresAt">;

/** A pending session whose lifetime has passed, waiting for the sweep (or a read) to record it. */
export const isOverdue = (s: StateView, now: Date): boolean => LINK_SESSION_TRANSITIONS.expire.from.includes(s.state as LinkSessionState) && s.expiresAt <= now;

/** The state as callers see it: an overdue pending session is already expired. */
export const effectiveState = (s: StateView, now: Date): LinkSessionState =>
  isOverdue(s, now) ? LINK_SESSION_TRANSITIONS.expire.to : (s.state as LinkSessionState);

/** Whether `action` may happen to the session now. */
export const canTransition = (s: StateView, action: LinkSessionAction, now: Date): boolean => {
  if (!allowedFrom(LINK_SESSION_TRANSITIONS, s.state, action)) return false;
  return !(LINK_SESSION_TRANSITIONS[action].needsUnexpired && s.expiresAt <= now);
};

/** A pending, unexpired session: the one a repeated initiation returns. */
export const isReusable = (s: StateView, now: Date): boolean => canTransition(s, "approve", now);

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const LINK_SESSION_STATES_ERRORS = ["LINK_SESSION_NOT_APPROVED", "LINK_SESSION_NOT_PENDING"] as const satisfies readonly ErrorCode[];

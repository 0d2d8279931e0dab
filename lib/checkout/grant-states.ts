// The checkout grant state machine (game-api.md "Checkout grant"). Every service reads this table; no
// other file decides which state may follow which; rows move through transition-grant.ts (the guarded
// write of lib/core/state-machine.ts).
import { canTransition, type StateTable } from "../core/state-machine.ts";

export const GRANT_STATES = ["pending", "claimed", "completed", "expired"] as const;
export type GrantState = (typeof GRANT_STATES)[number];

export type GrantAction = "claim" | "release" | "complete" | "expire";

export type GrantTransition = {
  from: readonly GrantState[];
  to: GrantState;
  /** a grant past expiresAt can no longer take this transition */
  needsUnexpired: boolean;
};

/** The grant lifetime: 2 hours from creation (game-api.md Limits). */
export const GRANT_LIFETIME_MS = 2 * 60 * 60 * 1000;

export const GRANT_TRANSITIONS: StateTable<GrantAction, GrantState> & Record<GrantAction, GrantTransition> = {
  // the consumer starts checkout (picks a method, a purchase is created); claimed → claimed = the method changed
  claim: { from: ["pending", "claimed"], to: "claimed", needsUnexpired: true },
  // payment cancelled (or declined) without completing: the same URL works again
  release: { from: ["claimed"], to: "pending", needsUnexpired: false },
  // payment succeeded: consumed for good
  complete: { from: ["claimed"], to: "completed", needsUnexpired: false },
  // 2 hours passed unused
  expire: { from: ["pending"], to: "expired", needsUnexpired: false },
};

export const canTransitionGrant = (state: string, action: GrantAction): boolean => canTransition(GRANT_TRANSITIONS, state, action);

/** A pending grant past its lifetime is expired, whether or not the sweep has run yet. */
export const isGrantExpired = (g: { status: string; expiresAt: Date }, now = new Date()): boolean =>
  g.status === "expired" || (g.status === "pending" && g.expiresAt.getTime() <= now.getTime());

// The fund session lifecycle (platform-api.md "Fund session (campaign and distribution)"): created pending;
// pending → completed (the payer pays on the hosted page), expired (its lifetime passes), cancelled (DELETE, or
// the distribution is cancelled). Rows move only through guardedTransition, conditional on "pending and not
// past expiresAt", so of two racing completions exactly one wins.
import { type StateTable } from "../core/state-machine.ts";

export const FUND_SESSION_STATUSES = ["pending", "completed", "expired", "cancelled"] as const;
export type FundSessionStatus = (typeof FUND_SESSION_STATUSES)[number];
export type FundSessionAction = "complete" | "expire" | "cancel";

export const FUND_SESSION_STATES = {
  complete: { from: ["pending"], to: "completed" },
  expire: { from: ["pending"], to: "expired" },
  cancel: { from: ["pending"], to: "cancelled" },
} as const satisfies StateTable<FundSessionAction, FundSessionStatus>;

/** The status a reader sees: a pending session past its expiresAt is expired (nothing is written on read). */
export const effectiveStatus = (s: { status: string; expiresAt: Date }, now: Date): FundSessionStatus =>
  s.status === "pending" && s.expiresAt.getTime() <= now.getTime() ? "expired" : (s.status as FundSessionStatus);

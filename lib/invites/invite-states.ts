// The link invite state machine (game-api.md "Link invite"), and the conditions that stop an invite
// from linking anyone. Every service reads these tables; no other file decides what an invite allows.
import type { LinkInvite } from "../db/generated/client.ts";
import { canTransition, type StateTable } from "../core/state-machine.ts";
import { AppError } from "../core/errors.ts";

export const INVITE_STATES = ["active", "paused", "revoked"] as const;
export type InviteState = (typeof INVITE_STATES)[number];

/** The states PATCH may set; revoking is DELETE. */
export const SETTABLE_INVITE_STATES = ["active", "paused"] as const;
export type SettableInviteState = (typeof SETTABLE_INVITE_STATES)[number];

export type InviteAction = "pause" | "resume" | "revoke";

export const INVITE_TRANSITIONS: StateTable<InviteAction, InviteState> = {
  pause: { from: ["active"], to: "paused" },
  resume: { from: ["paused"], to: "active" },
  revoke: { from: ["active", "paused"], to: "revoked" },
};

/** The action that moves an invite to a PATCH status. */
export const ACTION_TO: Record<SettableInviteState, InviteAction> = { paused: "pause", active: "resume" };

/** States nothing can change any more (no field, no status). */
export const FINAL_INVITE_STATES: readonly InviteState[] = ["revoked"];

export const canTransitionInvite = (state: string, action: InviteAction): boolean => canTransition(INVITE_TRANSITIONS, state, action);

type InviteView = Pick<LinkInvite, "status" | "maxUses" | "currentUses" | "expiresAt">;

export type InviteRefusalCode = "INVITE_REVOKED" | "INVITE_PAUSED" | "INVITE_EXPIRED" | "INVITE_USED_UP";

/**
 * Why an invite cannot open or complete a link now, checked in this order; the messages are for the
 * visitor on the hosted join page.
 */
const REFUSALS: { code: InviteRefusalCode; applies: (i: InviteView, now: Date) => boolean; message: string }[] = [
  { code: "INVITE_REVOKED", applies: (i) => i.status === "revoked", message: "This invite link has been revoked by its owner and can no longer be used." },
  { code: "INVITE_PAUSED", applies: (i) => i.status === "paused", message: "This invite link has been paused by its owner. Try again later." },
  { code: "INVITE_EXPIRED", applies: (i, now) => i.expiresAt !== null && i.expiresAt <= now, message: "This invite link has expired." },
  {
    code: "INVITE_USED_UP",
    applies: (i) => i.maxUses !== null && i.currentUses >= i.maxUses,
    message: "This invite link has reached its maximum number of uses.",
  },
];

/** The AppError a visitor gets for this invite now, or null when it can link someone. */
export const inviteRefusal = (invite: InviteView, now: Date): AppError | null => {
  const r = REFUSALS.find((x) => x.applies(invite, now));
  return r ? new AppError(r.code, r.message) : null;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const INVITE_STATES_ERRORS = ["INVITE_EXPIRED", "INVITE_PAUSED", "INVITE_REVOKED", "INVITE_USED_UP"] as const satisfies readonly ErrorCode[];

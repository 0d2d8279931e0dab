// Business activation (KYB): the road from test mode to live. The statuses are the spec's five verification
// statuses (lib/businesses/verification-statuses.ts), which the platform API's business details already
// show as `verificationStatus`: not_started, pending (submitted, in review), approved, rejected,
// action_required. Every service moves a business only through this table (docs/decisions/going-live.md).
import { canTransition, transitionConflict, type StateTable } from "../core/state-machine.ts";
import type { AppError } from "../core/errors.ts";
import type { VerificationStatus } from "../businesses/verification-statuses.ts";

export type ActivationAction = "submit" | "approve" | "reject" | "request_action";

export const ACTIVATION_TRANSITIONS: StateTable<ActivationAction, VerificationStatus> = {
  /** the owner or an admin applies (again, after an operator asked for action) */
  submit: { from: ["not_started", "action_required"], to: "pending" },
  /** an operator approves: live games, keys, checkouts and payouts become possible */
  approve: { from: ["pending"], to: "approved" },
  /** an operator refuses, with a reason; final (the business stays in test mode) */
  reject: { from: ["pending", "action_required"], to: "rejected" },
  /** an operator asks the business to fix or add something, then it submits again */
  request_action: { from: ["pending"], to: "action_required" },
};

/** The only status in which a business may create or use anything live. */
export const isActivated = (kybStatus: string | null | undefined): boolean => kybStatus === "approved";

export const canTransitionActivation = (state: string, action: ActivationAction): boolean => canTransition(ACTIVATION_TRANSITIONS, state, action);

/** The 409 for a refused move: "The business's activation is approved; only a pending one can be rejected." */
export const activationConflict = (state: string, action: ActivationAction): AppError =>
  transitionConflict("ACTIVATION_NOT_ALLOWED", "The business's activation", state, ACTIVATION_TRANSITIONS[action]);

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const ACTIVATION_STATES_ERRORS = ["ACTIVATION_NOT_ALLOWED"] as const satisfies readonly ErrorCode[];

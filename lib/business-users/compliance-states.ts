// A business-linked player's identity verification (KYC): the spec's five compliance statuses
// (platform-api.md "Compliance status"): not_started, pending (submitted, in review), approved, rejected,
// action_required. The player's own move, submitting on /account/verification, goes only through this table
// (docs/decisions/going-live-first-hour.md); a reviewer's decision sets any status (set-business-user-compliance.ts).
import { canTransition, transitionConflict, type StateTable } from "../core/state-machine.ts";
import type { AppError } from "../core/errors.ts";
import type { VerificationStatus } from "../businesses/verification-statuses.ts";

export type ComplianceAction = "submit";

export const COMPLIANCE_TRANSITIONS: StateTable<ComplianceAction, VerificationStatus> = {
  /** the player sends their details and an identity document (again, after a reviewer asked for action) */
  submit: { from: ["not_started", "action_required"], to: "pending" },
};

export const canTransitionCompliance = (state: string, action: ComplianceAction): boolean => canTransition(COMPLIANCE_TRANSITIONS, state, action);

/** The 409 for a refused move: "Your identity verification is pending; only a not_started or action_required one can be pending." */
export const complianceConflict = (state: string, action: ComplianceAction): AppError =>
  transitionConflict("COMPLIANCE_NOT_ALLOWED", "Your identity verification", state, COMPLIANCE_TRANSITIONS[action]);

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const COMPLIANCE_STATES_ERRORS = ["COMPLIANCE_NOT_ALLOWED"] as const satisfies readonly ErrorCode[];

// The distribution lifecycle (platform-api.md "Distribution"): created pending; draft or pending → cancelled
// (by the creating platform); pending → funded when fully funded (fund session) or marked funded (partner).
// Rows move only through guardedTransition.
import { type StateTable } from "../core/state-machine.ts";

export const DISTRIBUTION_STATUSES = ["draft", "pending", "funded", "processing", "cancelled"] as const;
export type DistributionStatus = (typeof DISTRIBUTION_STATUSES)[number];

export type DistributionAction = "cancel" | "fund";

export const DISTRIBUTION_STATES = {
  cancel: { from: ["draft", "pending"], to: "cancelled" },
  fund: { from: ["pending"], to: "funded" },
} as const satisfies StateTable<DistributionAction, DistributionStatus>;

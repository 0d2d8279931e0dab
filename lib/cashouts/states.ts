import { conflict } from "../core/errors.ts";

export const CASHOUT_STATUSES = ["pendingReview", "approved", "rejected"] as const;
export type CashoutStatus = (typeof CASHOUT_STATUSES)[number];
export type CashoutAction = "approve" | "reject";

/** The cashout request's state machine: the only allowed transitions. */
export const CASHOUT_TRANSITIONS: Record<CashoutStatus, Partial<Record<CashoutAction, CashoutStatus>>> = {
  pendingReview: { approve: "approved", reject: "rejected" },
  approved: {},
  rejected: {},
};

/** The state after `action`, or 409 CASHOUT_NOT_PENDING when the table has no such transition. */
export const nextCashoutStatus = (status: string, action: CashoutAction): CashoutStatus => {
  const next = CASHOUT_TRANSITIONS[status as CashoutStatus]?.[action];
  if (!next)
    throw conflict(
      "CASHOUT_NOT_PENDING",
      `This cashout request is ${status}; only a pendingReview request can be ${action === "approve" ? "approved" : "rejected"}.`,
    );
  return next;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const STATES_ERRORS = ["CASHOUT_NOT_PENDING"] as const satisfies readonly ErrorCode[];

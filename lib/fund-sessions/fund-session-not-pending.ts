import { AppError } from "../core/errors.ts";

/** 409 FUND_SESSION_NOT_PENDING naming the state found. */
export const fundSessionNotPending = (state: string | null, verb: string) =>
  new AppError("FUND_SESSION_NOT_PENDING", `The fund session is ${state ?? "gone"}; only a pending session can be ${verb}.`);

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const FUND_SESSION_NOT_PENDING_ERRORS = ["FUND_SESSION_NOT_PENDING"] as const satisfies readonly ErrorCode[];

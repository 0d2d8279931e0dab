import { AppError } from "../core/errors.ts";

/** 409 FUND_SESSION_NOT_PENDING naming the state found. */
export const fundSessionNotPending = (state: string | null, verb: string) =>
  new AppError("FUND_SESSION_NOT_PENDING", `The fund session is ${state ?? "gone"}; only a pending session can be ${verb}.`);

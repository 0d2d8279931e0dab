import { AppError } from "./errors.ts";

export const MAX_KEY_LENGTH = 255;

/** An Idempotency-Key header value: 1 to 255 characters (400 IDEMPOTENCY_KEY_INVALID otherwise). */
export const validateKey = (key: string): string => {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH)
    throw new AppError("IDEMPOTENCY_KEY_INVALID", `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters.`);
  return key;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "./errors.ts";
export const IDEMPOTENCY_KEY_ERRORS = ["IDEMPOTENCY_KEY_INVALID"] as const satisfies readonly ErrorCode[];

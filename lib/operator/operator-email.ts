// An operator's email as `npm run operator` takes it: a well-formed address, lower-cased.
import { normalizeEmail, parseEmail } from "../core/email.ts";
import { AppError } from "../core/errors.ts";

export const operatorEmailOf = (email: string): string => {
  const parsed = parseEmail(email);
  if (!parsed) throw new AppError("INVALID_EMAIL", `"${email}" is not an email address.`);
  return normalizeEmail(parsed);
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const OPERATOR_EMAIL_ERRORS = ["INVALID_EMAIL"] as const satisfies readonly ErrorCode[];

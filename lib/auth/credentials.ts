// Rules for player emails, passwords and names, shared by sign-in, sign-up, password reset and the forms.
import { parseEmail } from "../core/email.ts";
import { badRequest } from "../core/errors.ts";
import { sameOriginReturnPath } from "../core/return-to.ts";
import { appBaseUrl } from "../config/settings.ts";

export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the work of one hash; argon2 itself has no length limit (bcrypt's was 72 bytes). */
export const PASSWORD_MAX_BYTES = 128;
export const NAME_MAX_LENGTH = 80;

export const WRONG_CREDENTIALS = "Wrong email or password.";

/** The normalized email (lib/core/email.ts, the one email rule), or a 400 that says what to fix. */
export const checkEmail = (email: unknown): string => {
  if (typeof email !== "string" || email.trim() === "")
    throw badRequest("VALIDATION_ERROR", "Enter your email address.", [{ field: "email", message: "required" }]);
  const value = parseEmail(email);
  if (!value) throw badRequest("VALIDATION_ERROR", "Enter a valid email address, like name@example.com.", [{ field: "email", message: "invalid" }]);
  return value;
};

/** The password as given, or a 400 when it is too short or too long. */
export const checkNewPassword = (password: unknown): string => {
  const value = typeof password === "string" ? password : "";
  if (value.length < PASSWORD_MIN_LENGTH)
    throw badRequest("VALIDATION_ERROR", `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`, [{ field: "password", message: "too short" }]);
  if (Buffer.byteLength(value, "utf8") > PASSWORD_MAX_BYTES)
    throw badRequest("VALIDATION_ERROR", `Password must be at most ${PASSWORD_MAX_BYTES} bytes (about ${PASSWORD_MAX_BYTES} letters).`, [
      { field: "password", message: "too long" },
    ]);
  return value;
};

/** A trimmed display name, or undefined when none was given. */
export const checkName = (name: unknown): string | undefined => {
  const value = typeof name === "string" ? name.trim() : "";
  if (!value) return undefined;
  if (value.length > NAME_MAX_LENGTH)
    throw badRequest("VALIDATION_ERROR", `Name must be at most ${NAME_MAX_LENGTH} characters.`, [{ field: "name", message: "too long" }]);
  return value;
};

/**
 * Where to go back after following a mailed link: a path on this site ("/link/…", "/checkout/…"), decided by
 * parsing it against the app's own origin (APP_URL), never by its first characters: the one rule of
 * lib/core/return-to.ts, which the browser applies again before it navigates. "/..//evil.example",
 * "/\\evil.example", "/%2F%2Fevil.example", "https:evil.example", "javascript:…" and anything with a tab or
 * newline are dropped (null), so a genuine mail cannot carry an open redirect.
 */
export const checkReturnTo = (value: unknown): string | null => sameOriginReturnPath(value, appBaseUrl());

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const CREDENTIALS_ERRORS = ["VALIDATION_ERROR"] as const satisfies readonly ErrorCode[];

// Rules for player emails and passwords, shared by sign-up, sign-in and the hosted forms.
import { badRequest } from "../http/errors.ts";

export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt reads at most 72 bytes; a longer password would be silently truncated. */
export const PASSWORD_MAX_BYTES = 72;
export const NAME_MAX_LENGTH = 80;

export const WRONG_CREDENTIALS = "Wrong email or password.";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const normalizePlayerEmail = (email: string): string => email.trim().toLowerCase();

/** The normalized email, or a 400 that says what to fix. */
export const checkEmail = (email: unknown): string => {
  const value = typeof email === "string" ? normalizePlayerEmail(email) : "";
  if (!value) throw badRequest("VALIDATION_ERROR", "Enter your email address.", [{ field: "email", message: "required" }]);
  if (value.length > 254 || !EMAIL.test(value))
    throw badRequest("VALIDATION_ERROR", "Enter a valid email address, like name@example.com.", [{ field: "email", message: "invalid" }]);
  return value;
};

/** The password as given, or a 400 when it is too short or too long for bcrypt. */
export const checkNewPassword = (password: unknown): string => {
  const value = typeof password === "string" ? password : "";
  if (value.length < PASSWORD_MIN_LENGTH)
    throw badRequest("VALIDATION_ERROR", `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`, [{ field: "password", message: "too short" }]);
  if (Buffer.byteLength(value, "utf8") > PASSWORD_MAX_BYTES)
    throw badRequest("VALIDATION_ERROR", `Password must be at most ${PASSWORD_MAX_BYTES} bytes (about ${PASSWORD_MAX_BYTES} letters).`, [{ field: "password", message: "too long" }]);
  return value;
};

/** A trimmed display name, or undefined when none was given. */
export const checkName = (name: unknown): string | undefined => {
  const value = typeof name === "string" ? name.trim() : "";
  if (!value) return undefined;
  if (value.length > NAME_MAX_LENGTH) throw badRequest("VALIDATION_ERROR", `Name must be at most ${NAME_MAX_LENGTH} characters.`, [{ field: "name", message: "too long" }]);
  return value;
};

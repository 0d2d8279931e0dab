// The one email rule of the service: every email that enters (API bodies, hosted forms, sign-in, sign-up,
// password reset) is checked here. The length cap is applied before any pattern runs, so no input can
// make the check slow (a 1 MB string is refused by its length, in constant time).
import { z } from "zod";

/** RFC 5321's limit on a forward path. */
export const EMAIL_MAX_LENGTH = 254;

// Linear: one '@', no spaces, a dot in the domain that is neither first nor last. No nested quantifiers.
const SHAPE = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Trimmed and lower-cased: emails match case-insensitively everywhere. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** True for a plausible email of at most EMAIL_MAX_LENGTH characters (checked first). */
export const isEmail = (value: string): boolean => value.length <= EMAIL_MAX_LENGTH && SHAPE.test(value);

/**
 * The normalized email, or null when the value is not one. Values longer than the cap are refused
 * before they are trimmed or lower-cased, so the work is bounded too.
 */
export const parseEmail = (value: unknown): string | null => {
  if (typeof value !== "string" || value.length > EMAIL_MAX_LENGTH + 64) return null;
  const email = normalizeEmail(value);
  return isEmail(email) ? email : null;
};

/** The API body schema of an email: a string, trimmed, at most 254 characters, then the shape. */
export const EmailSchema = z
  .string("must be a string: an email address")
  .max(EMAIL_MAX_LENGTH + 64, { error: `must be at most ${EMAIL_MAX_LENGTH} characters`, abort: true })
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: `must be at most ${EMAIL_MAX_LENGTH} characters`, abort: true })
  .refine((s) => SHAPE.test(s), "must be a valid email address, like name@example.com")
  .meta({ format: "email" });

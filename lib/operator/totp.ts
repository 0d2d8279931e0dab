// The operator console's TOTP (RFC 6238 through otplib): 30-second steps, 6 digits, SHA-1 (what every
// authenticator app reads from an otpauth:// QR code), one step of clock drift either way, and never a step
// at or before the last one accepted (the caller stores it: a code is good once).
import { generateSecret, generateSync, generateURI, verifySync } from "otplib";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ISSUER = "Coinop operator console";

/** A new random secret: 20 bytes, base32 (32 characters). */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const totpUri = (secret: string, email: string): string => generateURI({ issuer: TOTP_ISSUER, label: email, secret });

/** The time step of `at` (seconds since the epoch / 30). */
export const totpStepOf = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The code of `at` (tests, and an operator's own check in development). */
export const totpCodeAt = (secret: string, at: Date): string => generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });

/** Six digits, spaces and dashes forgiven ("123 456"). */
export const cleanTotpCode = (code: string): string | null => {
  const digits = code.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
};

/**
 * The time step `code` belongs to, within one step of `at`, and after `afterStep` (the last one accepted);
 * null for anything else.
 */
export const matchTotpStep = (secret: string, code: string, { at, afterStep }: { at: Date; afterStep: number | null }): number | null => {
  const token = cleanTotpCode(code);
  if (!token) return null;
  const result = verifySync({
    secret,
    token,
    epoch: Math.floor(at.getTime() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // the TOTP strategy's result carries the matched time step
  return result.valid ? (result as { timeStep: number }).timeStep : null;
};

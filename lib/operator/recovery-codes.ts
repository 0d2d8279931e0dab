// Recovery codes: ten random codes shown once at enrolment, each good for one sign-in when the authenticator
// is lost. Only their SHA-256 hashes are stored (Operator.recoveryCodeHashes); a used one is removed.
import { createHash, randomInt } from "node:crypto";

export const RECOVERY_CODE_COUNT = 10;
// no 0/O, 1/I/L: read from paper without doubt
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** One code as typed: upper-cased, spaces and dashes dropped. */
export const normalizeRecoveryCode = (code: string): string => code.replace(/[\s-]/g, "").toUpperCase();

export const hashRecoveryCode = (code: string): string =>
  createHash("sha256")
    .update(`coinop:operator-recovery:${normalizeRecoveryCode(code)}`)
    .digest("hex");

/** Whether `code` looks like a recovery code (ten characters of the alphabet, dashes and spaces aside). */
export const isRecoveryCodeShape = (code: string): boolean => new RegExp(`^[${ALPHABET}]{10}$`).test(normalizeRecoveryCode(code));

/** Ten new codes (XXXXX-XXXXX, 50 bits each) and their hashes. */
export const newRecoveryCodes = (): { codes: string[]; hashes: string[] } => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
};

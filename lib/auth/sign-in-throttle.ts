// Brute-force protection for hosted sign-in: failures are counted per email (hashed), for unknown emails
// too, so a lockout reveals nothing about which emails have accounts.
import { createHash } from "node:crypto";
import type { DbClient } from "../db/transaction.ts";
import { AppError } from "../http/errors.ts";

export const MAX_FAILED_SIGN_INS = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const SIGN_IN_LOCK_MS = 15 * 60_000;

type Throttle = { failures: number; windowStart: Date; lockedUntil: Date | null };

export const emailHashOf = (normalizedEmail: string): string => createHash("sha256").update(`coinop:sign-in:${normalizedEmail}`).digest("hex");

/** The throttle row of an email, locked for this transaction (created when missing). */
export const lockThrottle = async (tx: DbClient, emailHash: string): Promise<Throttle> => {
  const [row] = await tx.$queryRaw<Throttle[]>`
    INSERT INTO "SignInThrottle" ("emailHash", "failures", "windowStart", "updatedAt") VALUES (${emailHash}, 0, now(), now())
    ON CONFLICT ("emailHash") DO UPDATE SET "updatedAt" = now()
    RETURNING "failures", "windowStart", "lockedUntil"`;
  return row;
};

/** 429 while the email is locked, saying when to try again. */
export const assertNotLocked = (t: Throttle, now: Date) => {
  if (t.lockedUntil && t.lockedUntil > now) {
    const minutes = Math.max(1, Math.ceil((t.lockedUntil.getTime() - now.getTime()) / 60_000));
    throw new AppError("TOO_MANY_SIGN_IN_ATTEMPTS", `Too many failed sign-ins for this email. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, { status: 429 });
  }
};

/** Counts a failure; the fifth within the window locks the email for SIGN_IN_LOCK_MS. */
export const recordFailure = async (tx: DbClient, emailHash: string, t: Throttle, now: Date) => {
  const fresh = now.getTime() - t.windowStart.getTime() > SIGN_IN_WINDOW_MS;
  const failures = (fresh ? 0 : t.failures) + 1;
  const locked = failures >= MAX_FAILED_SIGN_INS;
  await tx.signInThrottle.update({
    where: { emailHash },
    data: { failures: locked ? 0 : failures, windowStart: fresh ? now : t.windowStart, lockedUntil: locked ? new Date(now.getTime() + SIGN_IN_LOCK_MS) : t.lockedUntil },
  });
};

/** A successful sign-in clears the count. */
export const clearFailures = (tx: DbClient, emailHash: string) => tx.signInThrottle.deleteMany({ where: { emailHash } });

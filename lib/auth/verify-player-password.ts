import bcrypt from "bcryptjs";
import type { Player } from "../db/generated/client.ts";
import { inTransaction, type DbClient } from "../db/transaction.ts";
import { AppError } from "../http/errors.ts";
import { normalizePlayerEmail, WRONG_CREDENTIALS } from "./credentials.ts";
import { assertNotLocked, clearFailures, emailHashOf, lockThrottle, recordFailure } from "./sign-in-throttle.ts";

// Compared against when the email is unknown, so a miss costs as long as a wrong password.
const DUMMY_HASH = "$2b$10$lO1aKWyMZUXyc2rC/9Ci4uoL1Qda4u1RYVd20P3tre6oHYHvbpvru";

export const wrongCredentials = () => new AppError("WRONG_CREDENTIALS", WRONG_CREDENTIALS, { status: 401 });

/**
 * The player whose email and password match. An unknown email, a guest account without a password
 * and a wrong password all give the same 401, so the answer does not reveal which emails exist. Five
 * failures for one email within 15 minutes lock it for 15 minutes (429), counted under a row lock so
 * parallel guesses cannot slip past the limit. The failure is recorded even though the 401 follows.
 */
export const verifyPlayerPassword = async (db: DbClient, { email, password, now = new Date() }: { email: string; password: string; now?: Date }): Promise<Player> => {
  const normalized = typeof email === "string" ? normalizePlayerEmail(email) : "";
  if (!normalized) {
    await bcrypt.compare(typeof password === "string" ? password : "", DUMMY_HASH);
    throw wrongCredentials();
  }
  const emailHash = emailHashOf(normalized);
  const player = await inTransaction(db, async (tx) => {
    const throttle = await lockThrottle(tx, emailHash);
    assertNotLocked(throttle, now);
    const found = await tx.player.findUnique({ where: { email: normalized } });
    const ok = await bcrypt.compare(typeof password === "string" ? password : "", found?.passwordHash ?? DUMMY_HASH);
    if (!found?.passwordHash || !ok) {
      await recordFailure(tx, emailHash, throttle, now);
      return null;
    }
    await clearFailures(tx, emailHash);
    return found;
  });
  if (!player) throw wrongCredentials();
  return player;
};

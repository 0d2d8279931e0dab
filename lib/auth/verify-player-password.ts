import bcrypt from "bcryptjs";
import type { Player } from "../db/generated/client.ts";
import type { DbClient } from "../db/transaction.ts";
import { AppError } from "../http/errors.ts";
import { normalizePlayerEmail, WRONG_CREDENTIALS } from "./credentials.ts";

// Compared against when the email is unknown, so a miss costs as long as a wrong password.
const DUMMY_HASH = "$2b$10$lO1aKWyMZUXyc2rC/9Ci4uoL1Qda4u1RYVd20P3tre6oHYHvbpvru";

export const wrongCredentials = () => new AppError("WRONG_CREDENTIALS", WRONG_CREDENTIALS, { status: 401 });

/**
 * The player whose email and password match. An unknown email, a guest account without a password
 * and a wrong password all give the same 401, so the answer does not reveal which emails exist.
 */
export const verifyPlayerPassword = async (db: DbClient, { email, password }: { email: string; password: string }): Promise<Player> => {
  const player = typeof email === "string" && email.trim() ? await db.player.findUnique({ where: { email: normalizePlayerEmail(email) } }) : null;
  const ok = await bcrypt.compare(typeof password === "string" ? password : "", player?.passwordHash ?? DUMMY_HASH);
  if (!player?.passwordHash || !ok) throw wrongCredentials();
  return player;
};

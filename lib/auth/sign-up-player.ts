import bcrypt from "bcryptjs";
import type { Player } from "../db/generated/client.ts";
import { newId } from "../db/ids.ts";
import type { DbClient } from "../db/transaction.ts";
import { AppError } from "../http/errors.ts";
import { checkEmail, checkName, checkNewPassword } from "./credentials.ts";

/** bcrypt cost: about 60 ms a hash on a laptop, enough to slow guessing without slowing sign-in. */
export const BCRYPT_ROUNDS = 10;

export const emailTaken = () => new AppError("EMAIL_TAKEN", "An account with this email already exists: sign in with its password instead.", { status: 409 });

/**
 * Creates a player account with a password. An email that already has a player without a password (a
 * guest made by checkout, a link approved for a prefilled email, or a test helper) is claimed: the
 * password is set on that player, so its links and purchases stay with it. An email that already has
 * a password is a 409; setting it is conditional on the hash still being null, so of two racing
 * sign-ups exactly one wins.
 */
export const signUpPlayer = async (db: DbClient, input: { email: string; password: string; name?: string }): Promise<Player> => {
  const email = checkEmail(input.email);
  const password = checkNewPassword(input.password);
  const name = checkName(input.name);
  const passwordHash = await bcrypt.hash(password, BCRYPT_ROUNDS);
  await db.player.createMany({ data: [{ id: newId(), email, name: name ?? "" }], skipDuplicates: true });
  const { count } = await db.player.updateMany({ where: { email, passwordHash: null }, data: { passwordHash, ...(name ? { name } : {}) } });
  if (count === 0) throw emailTaken();
  return db.player.findUniqueOrThrow({ where: { email } });
};

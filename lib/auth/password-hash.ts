// Player password hashes: argon2id through @node-rs/argon2, a native N-API addon whose hash and verify run
// on libuv's thread pool, so a sign-in never blocks the event loop. bcrypt hashes written before argon2
// (they start with "$2") still verify, with bcryptjs, and are replaced by an argon2 hash at the next
// successful sign-in.
import { hash, verify } from "@node-rs/argon2";
import bcrypt from "bcryptjs";
import { createHmac } from "node:crypto";

/** OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): about 25 ms a hash here. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Verified against when there is no real hash to check (an unknown email, a guest account without a
 * password), with the same parameters, so a miss costs as long as a wrong password.
 */
export const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$UUlrGT+z/MsBWO8OFHne1A$k3NF6EWgyYekkqQlopb5fpml3tma+oM4Bw+qtFBvmB4";

/** A new argon2id hash of the password. */
export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

export const isLegacyHash = (stored: string): boolean => stored.startsWith("$2");

/**
 * Whether `password` matches `stored`; with no stored hash it checks against DUMMY_HASH and answers false.
 * A malformed stored hash is a mismatch, never a thrown error.
 */
export const checkPasswordHash = async (stored: string | null | undefined, password: string): Promise<boolean> => {
  if (!stored) {
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  if (isLegacyHash(stored)) return bcrypt.compare(password, stored).catch(() => false);
  return verify(stored, password).catch(() => false);
};

/**
 * A short keyed fingerprint of the current password hash, written into the session cookie at sign-in: a
 * session whose stamp no longer matches (the password was reset) is signed out (get-signed-in-player.ts).
 */
export const passwordStampOf = (passwordHash: string, secret: string): string =>
  createHmac("sha256", secret).update(`coinop:session:${passwordHash}`).digest("base64url").slice(0, 22);

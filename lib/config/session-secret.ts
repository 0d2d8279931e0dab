import { readEnv } from "./env.ts";
import { deriveKey } from "./derive-key.ts";

/**
 * The secret that signs and encrypts player sessions (next-auth): NEXTAUTH_SECRET when set, otherwise a
 * key derived from the master secret, so it survives restarts and is the same in every process.
 */
export const sessionSecret = (): string => readEnv().NEXTAUTH_SECRET ?? deriveKey("nextauth-session").toString("base64url");

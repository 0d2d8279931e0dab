import { randomBytes } from "node:crypto";
import type { Environment } from "../core/environment.ts";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * An unguessable, URL-safe invite code: `inv_` (`inv_test_` in test) + 24 base62 characters
 * (about 143 bits). 248 is the largest multiple of 62 below 256, so rejecting bytes above it keeps
 * every character equally likely.
 */
export const newInviteCode = (environment: Environment): string => {
  let out = "";
  while (out.length < 24) for (const b of randomBytes(32)) if (b < 248 && out.length < 24) out += ALPHABET[b % 62];
  return `inv_${environment === "test" ? "test_" : ""}${out}`;
};

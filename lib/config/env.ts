// The one place that reads Coinop's environment variables: each is declared once in EnvSchema (zod),
// with what it means, and read through readEnv(). Code asks this module, never process.env directly,
// so every setting is validated the same way and documented in one list.
import { z } from "zod";

/** An optional string setting: unset and empty ("VAR=") both mean "not set". */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v));

export const EnvSchema = z.object({
  NODE_ENV: optionalString.describe("development | production | test; Next.js sets it (next start: production)"),
  NEXT_PHASE: optionalString.describe("set by Next.js; phase-production-build while `next build` runs"),
  COINOP_SECRET: optionalString.describe(
    "the master secret: every signing key (grant URLs, purchase URLs, wallet links, player sessions) is derived from it with HKDF",
  ),
  CHECKOUT_SIGNING_SECRET: optionalString.describe("the former name of COINOP_SECRET, still accepted when COINOP_SECRET is unset"),
  NEXTAUTH_SECRET: optionalString.describe("signs player sessions; unset: derived from the master secret"),
});

export type Env = z.output<typeof EnvSchema>;

/** Thrown when a variable is set to a value its schema refuses; the message names every such variable. */
export class ConfigError extends Error {}

/** The validated settings, read from `source` (process.env by default) on each call, so tests can change them. */
export const readEnv = (source: Record<string, string | undefined> = process.env): Env => {
  const parsed = EnvSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
};

/**
 * True when this process serves production traffic (`next start` sets NODE_ENV=production). `next build`
 * also runs with NODE_ENV=production but serves nothing, and needs no secrets.
 */
export const isProduction = (env: Env = readEnv()): boolean => env.NODE_ENV === "production" && env.NEXT_PHASE !== "phase-production-build";

// The master secret every signing key is derived from (derive-key.ts). COINOP_SECRET is its name;
// CHECKOUT_SIGNING_SECRET, its name before it signed more than checkout URLs, is still accepted.
// Development and tests work with no setup (a fixed default, with a warning); production refuses the
// default, a short value, or no value at all (check-production-secrets.ts runs at start-up).
import { config, ConfigError, isProduction, type Env } from "./env.ts";

/** The development default. Public (it is in the source), so production refuses it. */
export const DEV_MASTER_SECRET = "coinop-dev-checkout-signing-secret";

/** The shortest secret production accepts: 32 characters, e.g. `openssl rand -hex 32` (64). */
export const MIN_SECRET_LENGTH = 32;

const HOW = "`openssl rand -hex 32`";

/** The variable that supplies the master secret, and its value; null when neither is set. */
export const masterSecretSource = (env: Env): { variable: "COINOP_SECRET" | "CHECKOUT_SIGNING_SECRET"; value: string } | null =>
  env.COINOP_SECRET !== undefined
    ? { variable: "COINOP_SECRET", value: env.COINOP_SECRET }
    : env.CHECKOUT_SIGNING_SECRET !== undefined
      ? { variable: "CHECKOUT_SIGNING_SECRET", value: env.CHECKOUT_SIGNING_SECRET }
      : null;

/**
 * What is wrong with the signing secrets for a production server, as one line that says which variable
 * to set and how; null when nothing is. Checked whatever NODE_ENV says: callers decide when it applies.
 */
export const findSecretProblem = (env: Env): string | null => {
  const source = masterSecretSource(env);
  if (!source)
    return `COINOP_SECRET is not set. A production server needs its own random secret (at least ${MIN_SECRET_LENGTH} characters) to sign checkout URLs, wallet links and sessions: set COINOP_SECRET to the output of ${HOW}.`;
  if (env.COINOP_SECRET !== undefined && env.CHECKOUT_SIGNING_SECRET !== undefined && env.COINOP_SECRET !== env.CHECKOUT_SIGNING_SECRET)
    return `COINOP_SECRET and CHECKOUT_SIGNING_SECRET are both set, to different values. CHECKOUT_SIGNING_SECRET is the old name of COINOP_SECRET: keep only COINOP_SECRET.`;
  if (source.value === DEV_MASTER_SECRET)
    return `${source.variable} is the development default, which is public. Set COINOP_SECRET to a random secret: the output of ${HOW}.`;
  if (source.value.length < MIN_SECRET_LENGTH)
    return `${source.variable} is ${source.value.length} characters long; production needs at least ${MIN_SECRET_LENGTH}. Set COINOP_SECRET to the output of ${HOW}.`;
  const session = env.NEXTAUTH_SECRET;
  if (session !== undefined && (session.length < MIN_SECRET_LENGTH || session === DEV_MASTER_SECRET))
    return `NEXTAUTH_SECRET is ${session === DEV_MASTER_SECRET ? "the development default" : `${session.length} characters long`}; production needs a random secret of at least ${MIN_SECRET_LENGTH} characters. Set it to the output of ${HOW}, or unset it to derive it from COINOP_SECRET.`;
  return null;
};

let warned = false;

/**
 * The master secret. Outside production, the development default when none is set (warned once, not in
 * tests). In production a missing, short or default secret throws: start-up refuses it first, and this
 * keeps any other entry point from signing with a known key.
 */
export const masterSecret = (env: Env = config()): string => {
  if (isProduction(env)) {
    const problem = findSecretProblem(env);
    if (problem) throw new ConfigError(problem);
  }
  const source = masterSecretSource(env);
  if (source) return source.value;
  if (!warned && env.NODE_ENV !== "test" && env.NEXT_PHASE !== "phase-production-build") {
    warned = true;
    console.warn(
      `[config] COINOP_SECRET is not set: URLs, wallet links and sessions are signed with the public development default. Set COINOP_SECRET (${HOW}) anywhere but on your own machine.`,
    );
  }
  return DEV_MASTER_SECRET;
};

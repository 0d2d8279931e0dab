// The Stripe SDK, configured from STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (and STRIPE_API_BASE, for a local double). Live card payments go
// through Stripe Checkout; without these variables they are refused with 503 PAYMENTS_NOT_CONFIGURED.
import Stripe from "stripe";
import { config, isProduction, type Env } from "../config/env.ts";
import { AppError } from "../core/errors.ts";

let cached: { key: string; client: Stripe } | null = null;

export const paymentsNotConfigured = (what: string) =>
  new AppError(
    "PAYMENTS_NOT_CONFIGURED",
    `Card payments are not configured on this server: set ${what}. Test-mode keys use the sandbox card processor instead.`,
  );

type HostOptions = { host?: string; port?: number; protocol?: "http" | "https" };

/**
 * STRIPE_API_BASE (e.g. http://127.0.0.1:12111, the Stripe double of the end-to-end tests) as the SDK's host
 * options; unset: api.stripe.com. A live deployment is never pointed elsewhere by accident:
 * - under `npm start` (NODE_ENV=production) it is honoured only with STRIPE_API_BASE_IN_PRODUCTION=1 (end-to-end
 *   tests); set without it, card payments are refused (503) rather than sent anywhere;
 * - a live secret key (sk_live_…, rk_live_…) is never sent to any other host: refused (503) whatever the mode.
 * docs/decisions/stripe-double.md
 */
export const stripeHostOptions = (env: Env = config()): HostOptions => {
  const raw = env.STRIPE_API_BASE;
  if (!raw) return {};
  if (isProduction(env) && env.STRIPE_API_BASE_IN_PRODUCTION !== "1")
    throw paymentsNotConfigured("STRIPE_API_BASE is set on a production server; unset it (or set STRIPE_API_BASE_IN_PRODUCTION=1 for end-to-end tests only)");
  if (/^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY ?? ""))
    throw paymentsNotConfigured("a live Stripe key is never sent to STRIPE_API_BASE; unset STRIPE_API_BASE or use a test key (sk_test_…)");
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw paymentsNotConfigured("STRIPE_API_BASE to an http(s) URL such as http://127.0.0.1:12111");
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") throw paymentsNotConfigured("STRIPE_API_BASE to an http(s) URL such as http://127.0.0.1:12111");
  const protocol = u.protocol === "http:" ? "http" : "https";
  return { host: u.hostname, port: Number(u.port || (protocol === "http" ? 80 : 443)), protocol };
};

/** The Stripe client, or null when STRIPE_SECRET_KEY is not set. */
export const stripeClient = (): Stripe | null => {
  const env = config();
  const { STRIPE_SECRET_KEY: key, STRIPE_API_BASE: base } = env;
  if (!key) return null;
  const id = `${key}|${base ?? ""}`;
  if (cached?.key !== id) cached = { key: id, client: new Stripe(key, { maxNetworkRetries: 2, timeout: 20_000, ...stripeHostOptions(env) }) };
  return cached.client;
};

/** The Stripe client, or 503 PAYMENTS_NOT_CONFIGURED. */
export const requireStripe = (): Stripe =>
  stripeClient() ??
  (() => {
    throw paymentsNotConfigured("STRIPE_SECRET_KEY");
  })();

/** STRIPE_WEBHOOK_SECRET, or 503 PAYMENTS_NOT_CONFIGURED. */
export const requireWebhookSecret = (): string =>
  config().STRIPE_WEBHOOK_SECRET ??
  (() => {
    throw paymentsNotConfigured("STRIPE_WEBHOOK_SECRET");
  })();

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const CLIENT_ERRORS = ["PAYMENTS_NOT_CONFIGURED"] as const satisfies readonly ErrorCode[];

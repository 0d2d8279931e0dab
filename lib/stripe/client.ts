// The Stripe SDK, configured from STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET. Live card payments go
// through Stripe Checkout; without these variables they are refused with 503 PAYMENTS_NOT_CONFIGURED.
import Stripe from "stripe";
import { config } from "../config/env.ts";
import { AppError } from "../core/errors.ts";

let cached: { key: string; client: Stripe } | null = null;

export const paymentsNotConfigured = (what: string) =>
  new AppError(
    "PAYMENTS_NOT_CONFIGURED",
    `Card payments are not configured on this server: set ${what}. Test-mode keys use the sandbox card processor instead.`,
  );

/** STRIPE_API_BASE (e.g. http://localhost:12111 for stripe-mock) as SDK host options; unset: api.stripe.com. */
const apiBase = (): { host?: string; port?: number; protocol?: "http" | "https" } => {
  const raw = config().STRIPE_API_BASE;
  if (!raw) return {};
  const u = new URL(raw);
  return { host: u.hostname, port: Number(u.port || (u.protocol === "http:" ? 80 : 443)), protocol: u.protocol === "http:" ? "http" : "https" };
};

/** The Stripe client, or null when STRIPE_SECRET_KEY is not set. */
export const stripeClient = (): Stripe | null => {
  const { STRIPE_SECRET_KEY: key, STRIPE_API_BASE: base } = config();
  if (!key) return null;
  const id = `${key}|${base ?? ""}`;
  if (cached?.key !== id) cached = { key: id, client: new Stripe(key, { maxNetworkRetries: 2, timeout: 20_000, ...apiBase() }) };
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

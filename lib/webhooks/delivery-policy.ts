// The rules of webhook delivery in one place: the delivery state table, the retry schedule, the
// timeout and the size of the response excerpt. deliver.ts reads them; docs/webhooks.md states them.
import { config } from "../config/env.ts";

export type DeliveryStatus = "pending" | "retrying" | "succeeded" | "failed";

/** Allowed transitions of a WebhookDelivery. A status with no way out is final. */
export const DELIVERY_TRANSITIONS: Record<DeliveryStatus, readonly DeliveryStatus[]> = {
  pending: ["retrying", "succeeded", "failed"],
  retrying: ["retrying", "succeeded", "failed"],
  succeeded: [],
  failed: [],
};

/** Statuses from which an attempt may still be made (the ones that can reach "succeeded"). */
export const ATTEMPTABLE: DeliveryStatus[] = (Object.keys(DELIVERY_TRANSITIONS) as DeliveryStatus[]).filter((s) =>
  DELIVERY_TRANSITIONS[s].includes("succeeded"),
);

export const canMove = (from: DeliveryStatus, to: DeliveryStatus): boolean => DELIVERY_TRANSITIONS[from].includes(to);

/**
 * Seconds to wait after a failed attempt n (index n-1) before attempt n+1: 10 retries, 11 attempts, 75 h
 * 36 min 10 s from the first attempt to the last, so a receiver that is down for 3 days still gets every
 * event (docs/webhooks.md publishes this table).
 */
export const RETRY_DELAYS_SECONDS: readonly number[] = [10, 60, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400];

/** Seconds from the first attempt to the last one. */
export const RETRY_WINDOW_SECONDS = RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0);

/**
 * Endpoint health: an endpoint whose every attempt has failed for WARN_AFTER_SECONDS gets its owner warned
 * (an email and a flag the portal shows); after DISABLE_AFTER_SECONDS (3 days: the retry window, so a
 * failure streak across it) it is disabled. Both are multiplied by the retry scale.
 */
export const WARN_AFTER_SECONDS = 24 * 3600;
export const DISABLE_AFTER_SECONDS = 72 * 3600;

export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** WEBHOOK_RETRY_SCALE multiplies every delay (default 1); tests shrink the schedule with it. Read on each call. */
export const retryScale = (): number => {
  const raw = config().WEBHOOK_RETRY_SCALE;
  const scale = raw === undefined ? 1 : Number(raw);
  if (!Number.isFinite(scale) || scale < 0) throw new Error(`WEBHOOK_RETRY_SCALE must be a number >= 0, got "${raw}"`);
  return scale;
};

/** Milliseconds to wait after failed attempt `attempt` (1-based), or null when it was the last one. */
export const retryDelayMs = (attempt: number, scale = retryScale()): number | null => {
  const seconds = RETRY_DELAYS_SECONDS[attempt - 1];
  return seconds === undefined ? null : Math.round(seconds * 1000 * scale);
};

/** WEBHOOK_TIMEOUT_MS bounds one attempt, response body included (default 10 000). */
export const deliveryTimeoutMs = (): number => {
  const raw = config().WEBHOOK_TIMEOUT_MS;
  const ms = raw === undefined ? 10_000 : Number(raw);
  if (!Number.isFinite(ms) || ms <= 0) throw new Error(`WEBHOOK_TIMEOUT_MS must be a positive number, got "${raw}"`);
  return ms;
};

/** Characters of the response body kept per attempt. */
export const EXCERPT_CHARS = 500;

/** Milliseconds of failure streak after which the owner is warned, and after which the endpoint is disabled. */
export const healthThresholdsMs = (scale = retryScale()): { warnMs: number; disableMs: number } => ({
  warnMs: Math.round(WARN_AFTER_SECONDS * 1000 * scale),
  disableMs: Math.round(DISABLE_AFTER_SECONDS * 1000 * scale),
});

/** How long a rotated-out secret still signs (x-service-signature-previous). */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3600 * 1000;

/** Attempts the portal's health figure counts (success rate over the last N attempts). */
export const HEALTH_WINDOW_ATTEMPTS = 20;

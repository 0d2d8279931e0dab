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
 * Seconds to wait after a failed attempt n (index n-1) before attempt n+1. 13 retries, 14 attempts,
 * about 39.8 h from the first attempt to the last: a receiver that is down for a day still gets
 * every event.
 */
export const RETRY_DELAYS_SECONDS: readonly number[] = [10, 30, 60, 120, 300, 600, 1800, 3600, 7200, 14400, 28800, 43200, 43200];

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

// Periodic jobs. graphile-worker keeps each item's last run in the database (known_crontabs), so with
// several worker processes each tick runs once, and a worker that was down does not backfill a
// missed prune (backfillPeriod 0): the next tick covers it.
import { parseCronItems, type CronItem } from "graphile-worker";

export const cronItems: CronItem[] = [
  { task: "idempotency:prune", match: "7 * * * *", identifier: "idempotency:prune", options: { backfillPeriod: 0, maxAttempts: 3 } },
  // Sign-in throttle rows past every window and day-old mailed-link tokens (auth/prune-auth-records.ts).
  { task: "auth:prune", match: "17 * * * *", identifier: "auth:prune", options: { backfillPeriod: 0, maxAttempts: 3 } },
  // Pending link sessions past their 24 h lifetime become expired (reads also expire them on the spot).
  { task: "linking:expire-sessions", match: "*/5 * * * *", identifier: "linking:expire-sessions", options: { backfillPeriod: 0, maxAttempts: 3 } },
  // Pending checkout grants past their 2 h lifetime become expired (reads also expire them on the spot).
  { task: "checkout:expire-grants", match: "*/5 * * * *", identifier: "checkout:expire-grants", options: { backfillPeriod: 0, maxAttempts: 3 } },
  // Due subscriptions are charged for their next period (flows/renew-subscription.ts).
  { task: "subscriptions:renew", match: "*/10 * * * *", identifier: "subscriptions:renew", options: { backfillPeriod: 0, maxAttempts: 3 } },
  // Live card refunds left pending (no answer from Stripe, or a stop between Stripe and the second transaction) are
  // settled with Stripe: finished, or released when Stripe refuses (refunds/settle-pending-refunds.ts).
  { task: "refunds:settle-pending", match: "*/5 * * * *", identifier: "refunds:settle-pending", options: { backfillPeriod: 0, maxAttempts: 3 } },
];

export const parsedCronItems = () => parseCronItems(cronItems);

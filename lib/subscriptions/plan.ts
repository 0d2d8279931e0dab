// Every subscription product has one plan: monthly, renewed by the subscriptions:renew job.
export const PLAN_CODE = "monthly";
export const planIdOf = (productId: string): string => `plan_${productId}_${PLAN_CODE}`;

/** One calendar month later, clamped to the month's last day (Jan 31 → Feb 28/29), in UTC. */
export const addMonth = (from: Date): Date => {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
};

// Housekeeping of the idempotency records the HTTP kernel writes (lib/http/idempotency.ts): run hourly by
// the job worker (lib/flows/job-tasks.ts). It lives beside the database so jobs need not import the kernel.
/** Deletes records older than `olderThanHours` (at least 24). Returns how many were removed. */
export const pruneIdempotencyRecords = async (
  db: { idempotencyRecord: { deleteMany: (a: { where: { createdAt: { lt: Date } } }) => Promise<{ count: number }> } },
  olderThanHours = 24,
) => {
  const hours = Math.max(24, olderThanHours);
  const { count } = await db.idempotencyRecord.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - hours * 3600_000) } } });
  return count;
};

// The operator console's queue of business activations: by status (pending first by default: the oldest
// submission on top, as a queue is worked), with what the list shows of each business.
import type { DbContext } from "../core/context.ts";
import { VERIFICATION_STATUSES, type VerificationStatus } from "../businesses/verification-statuses.ts";

export type ActivationQueueRow = {
  businessId: string;
  name: string;
  environment: "test" | "live";
  kybStatus: VerificationStatus;
  kybSubmittedAt: Date | null;
  kybDecidedAt: Date | null;
};

/** The statuses the queue filters on, in the order its tabs show them. */
export const ACTIVATION_QUEUE_STATUSES = ["pending", "action_required", "approved", "rejected"] as const satisfies readonly VerificationStatus[];
export type ActivationQueueStatus = (typeof ACTIVATION_QUEUE_STATUSES)[number];

export const activationQueueStatusOf = (s: unknown): ActivationQueueStatus =>
  (ACTIVATION_QUEUE_STATUSES as readonly unknown[]).includes(s) ? (s as ActivationQueueStatus) : "pending";

export const listActivationQueue = async (
  { db }: DbContext,
  { status, limit = 200 }: { status: ActivationQueueStatus; limit?: number },
): Promise<{ rows: ActivationQueueRow[]; counts: Record<ActivationQueueStatus, number> }> => {
  const [rows, grouped] = await Promise.all([
    db.business.findMany({
      where: { kybStatus: status },
      orderBy: status === "pending" ? [{ kybSubmittedAt: "asc" }, { id: "asc" }] : [{ kybDecidedAt: "desc" }, { id: "desc" }],
      take: limit,
      select: { id: true, name: true, environment: true, kybStatus: true, kybSubmittedAt: true, kybDecidedAt: true },
    }),
    db.business.groupBy({ by: ["kybStatus"], _count: { _all: true }, where: { kybStatus: { in: [...ACTIVATION_QUEUE_STATUSES] } } }),
  ]);
  const counts = Object.fromEntries(ACTIVATION_QUEUE_STATUSES.map((s) => [s, grouped.find((g) => g.kybStatus === s)?._count._all ?? 0])) as Record<
    ActivationQueueStatus,
    number
  >;
  return {
    rows: rows.map((b) => ({
      businessId: b.id,
      name: b.name,
      environment: b.environment,
      kybStatus: (VERIFICATION_STATUSES as readonly string[]).includes(b.kybStatus) ? (b.kybStatus as VerificationStatus) : "not_started",
      kybSubmittedAt: b.kybSubmittedAt,
      kybDecidedAt: b.kybDecidedAt,
    })),
    counts,
  };
};

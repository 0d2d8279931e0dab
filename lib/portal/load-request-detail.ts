// /portal/{businessId}/logs/{requestId}: one request of the business as the kernel answered it, with its
// redacted bodies, the key that made it, the objects it named (each a link to its timeline) and, when it
// failed, "why was this refused?" (explain-refusal.ts). Another business's request id: null (the page 404s).
// With `platformId`: one request of a platform the business registered (load-request-log.ts requestLogScope).
import type { PortalContext } from "./require-portal-access.ts";
import { explainRefusal } from "./explain-refusal.ts";
import { requestLogScope } from "./load-request-log.ts";

export const loadRequestDetail = async (
  ctx: PortalContext,
  { businessId, platformId, requestId }: { businessId: string; platformId?: string; requestId: string },
) => {
  const { member, where } = await requestLogScope(ctx, { businessId, platformId });
  const row = requestId.length <= 64 ? await ctx.db.requestLog.findFirst({ where: { ...where, requestId } }) : null;
  if (!row) return { member, request: null };
  const key = row.apiKeyId
    ? await ctx.db.apiKey.findUnique({ where: { id: row.apiKeyId }, select: { id: true, prefix: true, label: true, kind: true } })
    : null;
  // an idempotency conflict: the earlier request of the same key, when the log still has it
  const first =
    row.idempotencyKey && (row.errorCode === "IDEMPOTENCY_KEY_REUSED" || row.errorCode === "IDEMPOTENCY_IN_PROGRESS")
      ? await ctx.db.requestLog.findFirst({
          where: { ...where, idempotencyKey: row.idempotencyKey, apiKeyId: row.apiKeyId, createdAt: { lte: row.createdAt }, id: { not: row.id } },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          select: { requestId: true, method: true, path: true, status: true, createdAt: true },
        })
      : null;
  const { id: _id, ...request } = row;
  return {
    member,
    request,
    key,
    firstWithSameKey: first,
    explanation: explainRefusal(row),
  };
};

// An operator's decision on a platform's live scope request (the /operator console; it replaces the old
// approve-platform-scopes script). Approve: the request's scopes move from the platform's pendingScopes to its
// approvedScopes (approve-scope-requests.ts: other pending requests they now cover are approved too), and
// keys holding them work at once. Reject: the request is closed and its scopes leave pendingScopes (unless
// another pending request still asks for them). Either way with the operator's note, in one transaction with
// the operator's action; the request's move is conditional, so of two racing decisions one wins and the other
// gets 409 SCOPE_REQUEST_NOT_PENDING.
import type { OperatorContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { recordOperatorAction } from "../audit/record-operator-action.ts";
import { approveScopeRequests } from "./approve-scope-requests.ts";
import { loadPlatform } from "./load-platform.ts";

export type ScopeRequestDecision = "approve" | "reject";

export const decideScopeRequest = async (
  ctx: OperatorContext,
  { requestId, decision, note }: { requestId: string; decision: ScopeRequestDecision; note: string },
) => {
  const why = note.trim();
  if (!why) throw new AppError("VALIDATION_ERROR", "Write why (it is kept in the operator audit log).", { details: [{ field: "note", message: "Required." }] });
  return inTransaction(ctx.db, async (tx) => {
    const request = await tx.platformScopeRequest.findUnique({ where: { id: requestId } });
    if (!request || request.environment !== "live") throw new AppError("NOT_FOUND", "This scope request was not found.");
    // the platform row first (the lock approveScopeRequests takes too), then the request's conditional move
    const platform = await loadPlatform({ db: tx }, { platformId: request.platformId, lock: true });
    const decidedAt = new Date();
    const { count } = await tx.platformScopeRequest.updateMany({
      where: { id: request.id, status: "pending" },
      data: { status: decision === "approve" ? "approved" : "rejected", decidedAt, decidedBy: ctx.actor.email, note: why },
    });
    if (count === 0) throw new AppError("SCOPE_REQUEST_NOT_PENDING", `This scope request is already ${request.status}.`);
    let scopes: { approvedScopes: string[]; pendingScopes: string[] };
    if (decision === "approve") {
      const out = await approveScopeRequests({ db: tx }, { platformId: platform.id, scopes: request.scopes });
      scopes = { approvedScopes: out.approvedScopes, pendingScopes: out.pendingScopes };
      // requests the approval covered as well carry who decided
      await tx.platformScopeRequest.updateMany({
        where: { platformId: platform.id, status: "approved", decidedBy: null, decidedAt: { gte: decidedAt } },
        data: { decidedBy: ctx.actor.email },
      });
    } else {
      const stillAsked = new Set(
        (
          await tx.platformScopeRequest.findMany({ where: { platformId: platform.id, environment: "live", status: "pending" }, select: { scopes: true } })
        ).flatMap((r) => r.scopes),
      );
      const pendingScopes = platform.pendingScopes.filter((s) => !request.scopes.includes(s) || stillAsked.has(s));
      const updated = await tx.platform.update({ where: { id: platform.id }, data: { pendingScopes } });
      scopes = { approvedScopes: updated.approvedScopes, pendingScopes: updated.pendingScopes };
    }
    await recordOperatorAction(
      { db: tx },
      {
        operatorEmail: ctx.actor.email,
        action: decision === "approve" ? "platform.scopes.approved" : "platform.scopes.rejected",
        objectType: "platform_scope_request",
        objectId: request.id,
        reason: why,
        details: { platformId: platform.id, platformName: platform.name, scopes: request.scopes },
      },
    );
    return { requestId: request.id, platformId: platform.id, status: decision === "approve" ? ("approved" as const) : ("rejected" as const), ...scopes };
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const DECIDE_SCOPE_REQUEST_ERRORS = ["NOT_FOUND", "SCOPE_REQUEST_NOT_PENDING", "VALIDATION_ERROR"] as const satisfies readonly ErrorCode[];

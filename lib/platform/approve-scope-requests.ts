import type { DbContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { now } from "../core/clock.ts";
import { loadPlatform } from "./load-platform.ts";

/**
 * The approval of a platform's pending live scopes (an operator's, through decide-scope-request.ts):
 * `scopes` (default: every pending one) move from pendingScopes to approvedScopes, and the live scope
 * requests whose scopes are now all approved are marked approved. Keys holding those scopes become
 * active at once (a key's status is computed from the platform's approvals).
 */
export const approveScopeRequests = (ctx: DbContext, input: { platformId: string; scopes?: string[] }) =>
  inTransaction(ctx.db, async (tx) => {
    const platform = await loadPlatform({ db: tx }, { platformId: input.platformId, lock: true });
    const approving = input.scopes ?? platform.pendingScopes;
    const approvedScopes = [...new Set([...platform.approvedScopes, ...approving])];
    const updated = await tx.platform.update({
      where: { id: platform.id },
      data: { approvedScopes, pendingScopes: platform.pendingScopes.filter((s) => !approvedScopes.includes(s)) },
    });
    const pending = await tx.platformScopeRequest.findMany({ where: { platformId: platform.id, status: "pending" } });
    const done = pending.filter((r) => r.scopes.every((s) => approvedScopes.includes(s))).map((r) => r.id);
    if (done.length) await tx.platformScopeRequest.updateMany({ where: { id: { in: done } }, data: { status: "approved", decidedAt: now() } });
    return { approvedScopes: updated.approvedScopes, pendingScopes: updated.pendingScopes, approvedRequests: done.length };
  });

import type { PlatformAdminContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { recordScopeRequest } from "./record-scope-request.ts";
import type { ScopeRequestBody } from "./schemas.ts";

/** POST /v1/platform/me/scopes: approved at once in test; pending in live until an operator approves. */
export const requestScopes = (ctx: PlatformAdminContext, body: ScopeRequestBody) =>
  inTransaction(ctx.db, async (tx) => {
    const { request, seen } = await recordScopeRequest(
      { db: tx },
      { platformId: ctx.scope.platformId, environment: ctx.scope.environment, scopes: body.scopes },
    );
    return {
      requestId: request.id,
      requestedScopes: [...request.scopes],
      status: request.status === "pending" ? ("pending" as const) : ("approved" as const),
      platform: seen,
    };
  });

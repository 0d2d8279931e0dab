import { isPlatformKeyCall, type PlatformAdminContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { inTransaction } from "../db/transaction.ts";
import { issueApiKey } from "../tenants/issue-api-key.ts";
import { requireHeldScopes } from "./find-platform-key.ts";
import { requireApprovedScopes } from "./require-approved-scopes.ts";
import { loadPlatform, scopesSeenFrom } from "./load-platform.ts";
import { recordScopeRequest } from "./record-scope-request.ts";
import type { CreateKeyBody } from "./schemas.ts";
import { serializeKey } from "./serialize-key.ts";

/**
 * POST /v1/platform/me/keys: a new key of the caller's environment. Its scopes must all be held by the
 * calling key. Scopes the platform is not approved for are requested: approved at once in test, pending
 * in live (the key is 'pending' until then and works for its approved scopes). The raw key is returned
 * this once; only its hash is stored. A member of the platform's owner business (the portal) gives only
 * scopes already approved, so nothing is requested.
 */
export const createKey = (ctx: PlatformAdminContext, body: CreateKeyBody) =>
  inTransaction(ctx.db, async (tx) => {
    const inTx = { ...ctx, db: tx };
    let seen: { approvedScopes: string[] };
    if (isPlatformKeyCall(inTx)) {
      await requireHeldScopes(inTx, { scopes: body.requestedScopes, field: "requestedScopes" });
      ({ seen } = await recordScopeRequest({ db: tx }, { platformId: ctx.scope.platformId, environment: ctx.scope.environment, scopes: body.requestedScopes }));
    } else {
      await requireApprovedScopes(inTx, { scopes: body.requestedScopes, field: "requestedScopes" });
      seen = scopesSeenFrom(ctx.scope.environment, await loadPlatform({ db: tx }, { platformId: ctx.scope.platformId }));
    }
    const { key, rawKey } = await issueApiKey(
      { ...ctx, db: tx },
      {
        kind: "platform",
        environment: ctx.scope.environment,
        platformId: ctx.scope.platformId,
        scopes: body.requestedScopes,
        label: body.label,
      },
    );
    const shown = serializeKey(key, seen.approvedScopes, now());
    return {
      key: shown,
      rawKey,
      message:
        shown.status === "pending"
          ? "Key created. Store the raw key now: it is not shown again. Some scopes wait for approval; the key works for its activeScopes meanwhile."
          : "Key created. Store the raw key now: it is not shown again.",
    };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_PLATFORM_KEY_ERRORS } from "./find-platform-key.ts";
import { REQUIRE_APPROVED_SCOPES_ERRORS } from "./require-approved-scopes.ts";
import { ISSUE_API_KEY_ERRORS } from "../tenants/issue-api-key.ts";
export const CREATE_KEY_ERRORS = [
  ...FIND_PLATFORM_KEY_ERRORS,
  ...REQUIRE_APPROVED_SCOPES_ERRORS,
  ...ISSUE_API_KEY_ERRORS,
] as const satisfies readonly ErrorCode[];

import { isPlatformKeyCall, type PlatformAdminContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { issueApiKey } from "../tenants/issue-api-key.ts";
import { findPlatformKey, requireHeldScopes } from "./find-platform-key.ts";
import { loadPlatform, scopesSeenFrom } from "./load-platform.ts";
import type { RotateKeyBody } from "./schemas.ts";
import { isKeyRevoked, serializeKey } from "./serialize-key.ts";

const DAY_MS = 86_400_000;

/**
 * POST /v1/platform/me/keys/{keyId}/rotate: a new key with the same scopes and label; the old one keeps
 * working for `gracePeriodDays` (1–30, default 7) and then gets 401. Both are valid meanwhile. A key is
 * rotated once (rotate its replacement next), and the calling key must hold the scopes it hands out (a member
 * of the owner business in the portal hands out the same scopes the key already had).
 */
export const rotateKey = (ctx: PlatformAdminContext, { keyId, gracePeriodDays }: { keyId: string } & RotateKeyBody) =>
  inTransaction(ctx.db, async (tx) => {
    const old = await findPlatformKey({ ...ctx, db: tx }, { keyId, lock: true });
    const at = now();
    if (isKeyRevoked(old, at)) throw new AppError("API_KEY_REVOKED", `API key ${keyId} is revoked; create a new key instead.`);
    if (old.replacedByKeyId)
      throw new AppError("API_KEY_ALREADY_ROTATED", `API key ${keyId} was already rotated into ${old.replacedByKeyId}; rotate that key instead.`);
    const inTx = { ...ctx, db: tx };
    if (isPlatformKeyCall(inTx)) await requireHeldScopes(inTx, { scopes: old.scopes, field: "keyId" });
    const { key, rawKey } = await issueApiKey(
      { ...ctx, db: tx },
      {
        kind: "platform",
        environment: ctx.scope.environment,
        platformId: ctx.scope.platformId,
        scopes: old.scopes,
        label: old.label,
      },
    );
    const expiresAt = new Date(at.getTime() + gracePeriodDays * DAY_MS);
    await tx.apiKey.update({ where: { id: old.id }, data: { expiresAt, replacedByKeyId: key.id } });
    const { approvedScopes } = scopesSeenFrom(ctx.scope.environment, await loadPlatform({ db: tx }, { platformId: ctx.scope.platformId }));
    return {
      newKey: serializeKey(key, approvedScopes, at),
      rawKey,
      oldKeyId: old.id,
      gracePeriodDays,
      message: `Key rotated. Store the new raw key now: it is not shown again. The old key works until ${expiresAt.toISOString()}, then gets 401.`,
    };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_PLATFORM_KEY_ERRORS } from "./find-platform-key.ts";
import { ISSUE_API_KEY_ERRORS } from "../tenants/issue-api-key.ts";
export const ROTATE_KEY_ERRORS = [
  "API_KEY_ALREADY_ROTATED",
  "API_KEY_REVOKED",
  ...FIND_PLATFORM_KEY_ERRORS,
  ...ISSUE_API_KEY_ERRORS,
] as const satisfies readonly ErrorCode[];

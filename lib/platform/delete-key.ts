import { isPlatformKeyCall, type PlatformAdminContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { findPlatformKey } from "./find-platform-key.ts";
import { isKeyRevoked } from "./serialize-key.ts";

/**
 * DELETE /v1/platform/me/keys/{keyId}: revokes the key for good; its next request gets 401. A key cannot
 * delete itself (409 API_KEY_IN_USE), so a platform cannot lock itself out by mistake. Deleting a rotated
 * key ends its grace period now.
 */
export const deleteKey = (ctx: PlatformAdminContext, { keyId }: { keyId: string }) =>
  inTransaction(ctx.db, async (tx) => {
    const key = await findPlatformKey({ ...ctx, db: tx }, { keyId, lock: true });
    if (isPlatformKeyCall(ctx) && key.id === ctx.actor.keyId)
      throw new AppError("API_KEY_IN_USE", "A key cannot delete itself. Delete it with another key of this platform, or rotate it.");
    const at = now();
    if (isKeyRevoked(key, at)) throw new AppError("API_KEY_REVOKED", `API key ${keyId} is already revoked.`);
    await tx.apiKey.update({ where: { id: key.id }, data: { status: "revoked", revokedAt: at } });
    return { message: "Key revoked. Requests with it now get 401.", keyId: key.id };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_PLATFORM_KEY_ERRORS } from "./find-platform-key.ts";
export const DELETE_KEY_ERRORS = ["API_KEY_IN_USE", "API_KEY_REVOKED", ...FIND_PLATFORM_KEY_ERRORS] as const satisfies readonly ErrorCode[];

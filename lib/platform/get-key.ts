import type { PlatformContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { findPlatformKey } from "./find-platform-key.ts";
import { loadPlatform, scopesSeenFrom } from "./load-platform.ts";
import { serializeKey } from "./serialize-key.ts";

/** GET /v1/platform/me/keys/{keyId}. */
export const getKey = async (ctx: PlatformContext, { keyId }: { keyId: string }) => {
  const key = await findPlatformKey(ctx, { keyId });
  const { approvedScopes } = scopesSeenFrom(ctx.scope.environment, await loadPlatform(ctx, { platformId: ctx.scope.platformId }));
  return { key: serializeKey(key, approvedScopes, now()) };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_PLATFORM_KEY_ERRORS } from "./find-platform-key.ts";
export const GET_KEY_ERRORS = [...FIND_PLATFORM_KEY_ERRORS] as const satisfies readonly ErrorCode[];

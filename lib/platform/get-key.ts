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

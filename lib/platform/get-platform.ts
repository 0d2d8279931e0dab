import type { PlatformContext } from "../core/context.ts";
import { loadPlatform, scopesSeenFrom } from "./load-platform.ts";

/** GET /v1/platform/me: the platform, its scopes as the key's environment sees them, and the calling key. */
export const getPlatform = async (ctx: PlatformContext, _input: Record<string, never> = {}) => {
  const platform = await loadPlatform(ctx, { platformId: ctx.scope.platformId });
  const key = await ctx.db.apiKey.findUniqueOrThrow({ where: { id: ctx.actor.keyId }, select: { id: true, scopes: true } });
  const seen = scopesSeenFrom(ctx.scope.environment, platform);
  return {
    platformId: platform.id,
    name: platform.name,
    description: platform.description,
    status: platform.status,
    ...seen,
    keyInfo: {
      keyId: key.id,
      environment: ctx.scope.environment,
      activeScopes: key.scopes.filter((s) => seen.approvedScopes.includes(s)),
      requestedScopes: [...key.scopes],
    },
  };
};

import type { PlatformAdminContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { loadPlatform, scopesSeenFrom } from "./load-platform.ts";
import { serializeKey } from "./serialize-key.ts";

/** GET /v1/platform/me/keys: the platform's keys in the caller's environment, newest first, revoked ones included. */
export const listKeys = async (ctx: PlatformAdminContext, _input: Record<string, never> = {}) => {
  const { approvedScopes } = scopesSeenFrom(ctx.scope.environment, await loadPlatform(ctx, { platformId: ctx.scope.platformId }));
  const rows = await ctx.db.apiKey.findMany({
    where: { kind: "platform", platformId: ctx.scope.platformId, environment: ctx.scope.environment },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const at = now();
  return { keys: rows.map((k) => serializeKey(k, approvedScopes, at)), total: rows.length };
};

import type { PlatformContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { serializeInvite } from "./serialize-invite.ts";

/** GET /v1/platform/invites: every invite of the platform in the key's environment, all statuses, newest first. */
export const listInvites = async (ctx: PlatformContext, _input: Record<string, never> = {}) => {
  const rows = await ctx.db.platformInvite.findMany({
    where: { platformId: ctx.scope.platformId, environment: ctx.scope.environment },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const at = now();
  return { invites: rows.map((i) => serializeInvite(i, at)), total: rows.length };
};

import type { DbContext } from "../core/context.ts";
import { pruneThrottles } from "./sign-in-throttle.ts";

/** Used or expired mailed-link tokens are kept a day (for support questions), then deleted. */
export const EMAIL_TOKEN_RETENTION_MS = 24 * 3600_000;

/**
 * Deletes what the auth tables no longer need (the auth:prune job): throttle rows idle past every window and
 * lock, and mailed-link tokens used or expired more than a day ago. Neither table then grows without bound
 * under a spray of unknown emails or addresses.
 */
export const pruneAuthRecords = async (ctx: DbContext, { now = new Date() }: { now?: Date } = {}): Promise<{ throttles: number; tokens: number }> => {
  const cutoff = new Date(now.getTime() - EMAIL_TOKEN_RETENTION_MS);
  const [throttles, tokens] = await Promise.all([
    pruneThrottles(ctx, { now }),
    ctx.db.emailToken.deleteMany({ where: { OR: [{ expiresAt: { lt: cutoff } }, { usedAt: { lt: cutoff } }] } }),
  ]);
  return { throttles: throttles.count, tokens: tokens.count };
};

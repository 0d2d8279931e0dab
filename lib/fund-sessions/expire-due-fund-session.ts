import type { DbContext } from "../core/context.ts";
import { FUND_SESSION_STATES } from "./fund-session-states.ts";

/**
 * A pending fund session whose lifetime has passed by `at` is written expired (expiredAt: its expiresAt), as a
 * reader would already see it (effectiveStatus). Run by a test clock's advance for the sessions on the clock
 * (docs/decisions/test-clocks.md); conditional, so it never races a completion. Returns whether it expired.
 */
export const expireDueFundSession = async (ctx: DbContext, { id, at }: { id: string; at: Date }): Promise<boolean> => {
  const t = FUND_SESSION_STATES.expire;
  const [row] = await ctx.db.fundSession.updateManyAndReturn({
    where: { id, status: { in: [...t.from] }, expiresAt: { lte: at } },
    data: { status: t.to },
    select: { id: true, expiresAt: true },
  });
  if (!row) return false;
  await ctx.db.fundSession.update({ where: { id }, data: { expiredAt: row.expiresAt } });
  return true;
};

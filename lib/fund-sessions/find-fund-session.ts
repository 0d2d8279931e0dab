import type { PlatformContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import type { FundSession } from "../db/generated/client.ts";
import { isFundSessionKey } from "./fund-session-key.ts";
import type { FundTarget } from "./insert-fund-session.ts";

export const fundSessionNotFound = (handle: string) =>
  new AppError("FUND_SESSION_NOT_FOUND", `Fund session ${JSON.stringify(handle.slice(0, 80))} was not found.`);

/**
 * A session this platform created for `target` in the key's environment, by its sessionKey (the handle), or
 * 404 FUND_SESSION_NOT_FOUND. `lock`: the row is locked FOR UPDATE first (inside the caller's transaction).
 */
export const findFundSession = async (ctx: PlatformContext, input: { target: FundTarget; handle: string; lock?: boolean }): Promise<FundSession> => {
  if (!isFundSessionKey(input.handle)) throw fundSessionNotFound(input.handle);
  if (input.lock) await ctx.db.$queryRaw`SELECT 1 FROM "FundSession" WHERE "sessionKey" = ${input.handle} FOR UPDATE`;
  const s = await ctx.db.fundSession.findUnique({ where: { sessionKey: input.handle } });
  const t = input.target;
  if (
    !s ||
    s.platformId !== ctx.scope.platformId ||
    s.environment !== ctx.scope.environment ||
    s.targetType !== t.targetType ||
    (t.targetType === "campaign" ? s.campaignId !== t.campaignId : s.distributionId !== t.distributionId)
  )
    throw fundSessionNotFound(input.handle);
  return s;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const FIND_FUND_SESSION_ERRORS = ["FUND_SESSION_NOT_FOUND"] as const satisfies readonly ErrorCode[];

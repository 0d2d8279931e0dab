import type { TargetContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { findFundSession } from "./find-fund-session.ts";
import { resolveFundTarget, type FundSessionRef } from "./resolve-fund-target.ts";
import { serializeFundSession } from "./serialize-fund-session.ts";

/** One fund session of the campaign or distribution in the path. Reading changes nothing (a pending session past expiresAt reads expired). */
export const getFundSession = async (ctx: TargetContext, ref: FundSessionRef) => {
  const target = await resolveFundTarget(ctx, ref);
  return serializeFundSession(await findFundSession(ctx, { target, handle: ref.handle }), now());
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_FUND_SESSION_ERRORS } from "./find-fund-session.ts";
import { RESOLVE_FUND_TARGET_ERRORS } from "./resolve-fund-target.ts";
export const GET_FUND_SESSION_ERRORS = [...FIND_FUND_SESSION_ERRORS, ...RESOLVE_FUND_TARGET_ERRORS] as const satisfies readonly ErrorCode[];

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

import type { PlatformContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { AppError } from "../core/errors.ts";

/**
 * Records the platform's claim that `transactionHash` paid gifts (mark-funded). A hash is recorded once per
 * environment: ON CONFLICT DO NOTHING, so a second use (also one racing this, which waits on the key) finds
 * its row taken and is 409 TRANSACTION_HASH_USED, and its transaction changes nothing.
 */
export const recordFundingTransaction = async (ctx: PlatformContext, input: { distributionId: string; environment: Environment; transactionHash: string }) => {
  const { count } = await ctx.db.giftFundingTransaction.createMany({
    data: [{ ...input, platformId: ctx.scope.platformId, keyId: ctx.actor.keyId }],
    skipDuplicates: true,
  });
  if (count === 0)
    throw new AppError(
      "TRANSACTION_HASH_USED",
      `Transaction ${input.transactionHash} already funded gifts in another mark-funded call. Report each funding transaction once, with the gifts it paid; a retry of the same call sends the same Idempotency-Key.`,
    );
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const RECORD_FUNDING_TRANSACTION_ERRORS = ["TRANSACTION_HASH_USED"] as const satisfies readonly ErrorCode[];

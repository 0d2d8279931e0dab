import type { TargetContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { MICROS_PER_CENT } from "../core/usdc.ts";
import { inTransaction } from "../db/transaction.ts";
import { findDistribution } from "../distributions/find-distribution.ts";
import { DISTRIBUTION_FUND_SESSION_LIFETIME_MS } from "./fund-session-rules.ts";
import { insertFundSession } from "./insert-fund-session.ts";
import type { CreateCampaignFundSessionBody } from "./schemas.ts";

/**
 * A fund session for a pending 'fund_session' distribution of the target business (409 PAYOUT_PATH_MISMATCH on
 * a 'partner' one, 409 DISTRIBUTION_NOT_PENDING once funded or cancelled). It asks for what is still due:
 * totalAmountCents + totalFeeCents less what earlier sessions paid. The distribution row is locked, so a cancel
 * and a create queue. The same Idempotency-Key while the session is pending returns it (created false).
 */
export const createDistributionFundSession = (ctx: TargetContext, input: { id: string } & CreateCampaignFundSessionBody) =>
  inTransaction(ctx.db, async (tx) => {
    const d = await findDistribution({ ...ctx, db: tx }, { id: input.id, lock: true });
    if (d.payoutPath !== "fund_session")
      throw new AppError(
        "PAYOUT_PATH_MISMATCH",
        "This distribution's payoutPath is 'partner': the platform funds it itself (gifts/mark-funded), not through fund sessions.",
      );
    if (d.status !== "pending") throw new AppError("DISTRIBUTION_NOT_PENDING", `The distribution is ${d.status}; it takes no more funding.`);
    const dueMicros = (d.totalAmountCents + d.totalFeeCents) * MICROS_PER_CENT - d.fundedMicros;
    return insertFundSession(
      { ...ctx, db: tx },
      {
        target: { targetType: "distribution", distributionId: d.id },
        businessId: d.businessId,
        lifetimeMs: DISTRIBUTION_FUND_SESSION_LIFETIME_MS,
        requestedMicros: dueMicros,
        metadata: input.metadata,
        testClock: input.testClock,
      },
    );
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_DISTRIBUTION_ERRORS } from "../distributions/find-distribution.ts";
import { INSERT_FUND_SESSION_ERRORS } from "./insert-fund-session.ts";
export const CREATE_DISTRIBUTION_FUND_SESSION_ERRORS = [
  "DISTRIBUTION_NOT_PENDING",
  "PAYOUT_PATH_MISMATCH",
  ...FIND_DISTRIBUTION_ERRORS,
  ...INSERT_FUND_SESSION_ERRORS,
] as const satisfies readonly ErrorCode[];

import type { PlatformCampaignContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { CAMPAIGN_FUND_SESSION_LIFETIME_MS } from "./fund-session-rules.ts";
import { insertFundSession } from "./insert-fund-session.ts";
import type { CreateCampaignFundSessionBody } from "./schemas.ts";

/**
 * A fund session for the campaign in the path (the kernel checked it belongs to a business that granted this
 * platform access): the payer chooses the amount on the hosted page. Lives 1 hour. The same Idempotency-Key
 * while the session is pending returns it (created false).
 */
export const createCampaignFundSession = (ctx: PlatformCampaignContext, input: CreateCampaignFundSessionBody) =>
  inTransaction(ctx.db, async (tx) => {
    const { campaignId, businessId } = ctx.scope;
    if (!campaignId || !businessId) throw new AppError("CAMPAIGN_NOT_FOUND", "This route needs a campaign id in its path.");
    return insertFundSession(
      { ...ctx, db: tx },
      {
        target: { targetType: "campaign", campaignId },
        businessId,
        lifetimeMs: CAMPAIGN_FUND_SESSION_LIFETIME_MS,
        requestedMicros: null,
        metadata: input.metadata,
        testClock: input.testClock,
      },
    );
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { INSERT_FUND_SESSION_ERRORS } from "./insert-fund-session.ts";
export const CREATE_CAMPAIGN_FUND_SESSION_ERRORS = ["CAMPAIGN_NOT_FOUND", ...INSERT_FUND_SESSION_ERRORS] as const satisfies readonly ErrorCode[];

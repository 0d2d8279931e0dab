import type { CampaignContext } from "../core/context.ts";
import { offsetInfo } from "../core/pagination.ts";
import { findCampaignUser } from "./find-campaign-user.ts";
import { microsToUsdc } from "../core/usdc.ts";

/** A campaign user's paid events and tips, newest first, by limit and offset; a removed user keeps their history. */
export const listCampaignUserTransactions = async (ctx: CampaignContext, { userRef, limit, offset }: { userRef: string; limit: number; offset: number }) => {
  const link = await findCampaignUser(ctx, { userRef });
  const where = { campaignId: link.namespaceId, userRef: link.userRef };
  const [rows, total] = await Promise.all([
    ctx.db.campaignTransaction.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: offset, take: limit }),
    ctx.db.campaignTransaction.count({ where }),
  ]);
  return {
    campaignId: link.namespaceId,
    userId: link.userRef,
    environment: link.environment,
    transactions: rows.map((t) => ({
      id: t.id,
      campaignId: t.campaignId,
      userRef: t.userRef,
      eventCode: t.eventCode,
      eventName: t.eventName,
      payoutAmount: microsToUsdc(t.payoutMicros),
      transactionHash: t.transactionHash,
      createdAt: t.createdAt.toISOString(),
    })),
    pagination: offsetInfo({ limit, offset, total }),
  };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_CAMPAIGN_USER_ERRORS } from "./find-campaign-user.ts";
export const LIST_CAMPAIGN_USER_TRANSACTIONS_ERRORS = [...FIND_CAMPAIGN_USER_ERRORS] as const satisfies readonly ErrorCode[];

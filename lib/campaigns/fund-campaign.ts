import { transactionHash } from "../ledger/address.ts";
import type { DbContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { badRequest, notFound, unprocessable } from "../core/errors.ts";
import type { Environment } from "../core/environment.ts";
import { campaignAccount, testUsdcMint, USDC_ASSET } from "../ledger/accounts.ts";
import { transfer } from "../ledger/transfer.ts";

export type FundCampaignInput = { campaignId: string; environment: Environment; businessId: string; amountMicros: bigint };
export type FundCampaignResult = { journalId: string; transactionHash: string; balanceMicros: bigint };

/**
 * Funds a test campaign with test USDC: one 'campaign_fund' journal moves `amountMicros` from the test
 * USDC mint (an issuer) to the campaign's account at the campaign's address. Test environment only:
 * live USDC is never minted. The campaign must belong to `businessId` (404 otherwise).
 */
export const fundCampaign = async (ctx: DbContext, input: FundCampaignInput): Promise<FundCampaignResult> => {
  if (input.amountMicros <= 0n)
    throw badRequest("VALIDATION_ERROR", "amountMicros must be a positive whole number of USDC micro-units.", [
      { field: "amountMicros", message: "must be positive" },
    ]);
  if (input.environment !== "test") throw unprocessable("TEST_FUNDS_ONLY", "Only test campaigns can be funded from the test USDC mint.");
  return inTransaction(ctx.db, async (tx) => {
    const campaign = await tx.campaign.findFirst({ where: { id: input.campaignId, businessId: input.businessId, environment: input.environment } });
    if (!campaign) throw notFound(`Campaign ${JSON.stringify(input.campaignId)}`, "CAMPAIGN_NOT_FOUND");
    const account = campaignAccount(campaign);
    const posted = await transfer(tx, {
      asset: USDC_ASSET,
      environment: input.environment,
      tenantId: input.businessId,
      type: "campaign_fund",
      reference: campaign.id,
      metadata: { campaignId: campaign.id },
      from: testUsdcMint(input.environment),
      to: account,
      amount: input.amountMicros,
      description: `Test USDC funding of campaign ${campaign.id}`,
      unitLabel: "USDC micro-units",
    });
    const balanceMicros = posted.accounts.find((a) => a.kind === "campaign" && a.ownerRef === campaign.id)!.balance;
    return { journalId: posted.journalId, transactionHash: transactionHash(posted.journalId), balanceMicros };
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { TRANSFER_ERRORS } from "../ledger/transfer.ts";
export const FUND_CAMPAIGN_ERRORS = ["CAMPAIGN_NOT_FOUND", "TEST_FUNDS_ONLY", "VALIDATION_ERROR", ...TRANSFER_ERRORS] as const satisfies readonly ErrorCode[];

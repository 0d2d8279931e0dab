import { describe, expect, it } from "vitest";
import { fundCampaign } from "./fund-campaign";
import { makeCampaign } from "@/tests/support/fixtures";
import { getDb } from "@/lib/db/client";
import { getAccountBalance } from "@/lib/ledger/get-account-balance";
import { checkVcLedgerInvariants } from "@/lib/vc/check-vc-journal-entries";
import { TEST_USDC_MINT, USDC_ASSET } from "@/lib/ledger/accounts";
import { custodyAddress, transactionHash } from "@/lib/ledger/address";

const usdc = (kind: string, ownerRef: string) => getAccountBalance(getDb(), { asset: USDC_ASSET, environment: "test", kind, ownerRef });

describe("fundCampaign", () => {
  it("moves test USDC from the mint to the campaign's account at its address, in one campaign_fund journal", async () => {
    const { business, campaign } = await makeCampaign();
    const mintBefore = (await usdc("issuer", TEST_USDC_MINT)).balance;
    const res = await fundCampaign({ db: getDb() }, { campaignId: campaign.id, environment: "test", businessId: business.id, amountMicros: 1_000_000_000n });
    expect(res).toEqual({ journalId: expect.stringMatching(/^[0-9a-f]{24}$/), transactionHash: transactionHash(res.journalId), balanceMicros: 1_000_000_000n });
    const again = await fundCampaign({ db: getDb() }, { campaignId: campaign.id, environment: "test", businessId: business.id, amountMicros: 500n });
    expect(again.balanceMicros).toBe(1_000_000_500n);

    const account = await usdc("campaign", campaign.id);
    expect(account).toMatchObject({ balance: 1_000_000_500n, address: campaign.address, exists: true });
    const mint = await usdc("issuer", TEST_USDC_MINT);
    expect(mint.balance).toBe(mintBefore - 1_000_000_500n);
    expect(mint.address).toBe(custodyAddress("issuer", TEST_USDC_MINT, "test"));
    const journal = await getDb().ledgerJournal.findUniqueOrThrow({ where: { id: res.journalId } });
    expect(journal).toMatchObject({ asset: "usdc", type: "campaign_fund", tenantId: business.id, reference: campaign.id });
    expect(await checkVcLedgerInvariants(getDb(), { asset: USDC_ASSET, environment: "test" })).toMatchObject({
      sum: 0n,
      negativeAccounts: [],
      driftedAccounts: [],
      unbalancedJournals: [],
      miscountedTenants: [],
      misstatedJournals: [],
    });
  });

  it("404 for another business's campaign, refuses live and non-positive amounts; nothing moves", async () => {
    const a = await makeCampaign();
    const b = await makeCampaign();
    const journals = await getDb().ledgerJournal.count({ where: { asset: "usdc" } });
    await expect(
      fundCampaign({ db: getDb() }, { campaignId: a.campaign.id, environment: "test", businessId: b.business.id, amountMicros: 1n }),
    ).rejects.toMatchObject({
      status: 404,
      code: "CAMPAIGN_NOT_FOUND",
    });
    await expect(
      fundCampaign({ db: getDb() }, { campaignId: a.campaign.id, environment: "live", businessId: a.business.id, amountMicros: 1n }),
    ).rejects.toMatchObject({
      status: 422,
      code: "TEST_FUNDS_ONLY",
    });
    await expect(
      fundCampaign({ db: getDb() }, { campaignId: a.campaign.id, environment: "test", businessId: a.business.id, amountMicros: 0n }),
    ).rejects.toMatchObject({
      status: 400,
    });
    expect(await getDb().ledgerJournal.count({ where: { asset: "usdc" } })).toBe(journals);
    expect((await usdc("campaign", a.campaign.id)).exists).toBe(false);
  });

  it("a missing account reads as 0 with no address", async () => {
    expect(await usdc("campaign", "nope")).toEqual({ balance: 0n, updatedAt: null, address: null, exists: false });
  });
});

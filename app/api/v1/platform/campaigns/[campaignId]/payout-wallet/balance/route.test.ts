import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { DELETE } from "../../route";
import { call } from "@/tests/support/http";
import { expectScopeRefusals, fundTestUsdc } from "@/tests/support/business";
import { businessFundingAccount } from "@/lib/ledger/accounts";
import { addCampaign, expectPlatformCampaignAuth, makePlatformCampaign } from "@/tests/support/platform-campaigns";

describe("GET /v1/platform/campaigns/{campaignId}/payout-wallet/balance", () => {
  it("the business funding wallet of the campaign's business: its address before any money, then its balance (a deleted campaign's funds land there)", async () => {
    const { tb, mgmt, params, business } = await makePlatformCampaign({ fundMicros: 4_000_000n, status: "stopped" });
    const account = businessFundingAccount(business.id, "test");
    const res = await call(GET, { headers: tb, params });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ address: account.address, balance: "0.00" });
    await fundTestUsdc(account, 1_500_000n, business.id);
    const other = await addCampaign(business.id);
    expect((await call(GET, { headers: mgmt, params: { campaignId: other.id } })).body).toEqual({ address: account.address, balance: "1.50" });
    expect((await call(DELETE, { headers: tb, params })).status).toBe(204);
    expect((await call(GET, { headers: tb, params: { campaignId: other.id } })).body).toEqual({ address: account.address, balance: "5.50" });
  });

  it("404 for another business's campaign; 401; 403 without campaign:payout-wallet:balance", async () => {
    const { tb, params } = await makePlatformCampaign();
    const victim = await makePlatformCampaign();
    const foreign = await call(GET, { headers: tb, params: victim.params });
    expect([foreign.status, foreign.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
    await expectPlatformCampaignAuth(GET, { params }, tb);
    await expectScopeRefusals("campaign:payout-wallet:balance", async (t) => {
      const c = await addCampaign(t.business.id);
      return call(GET, { headers: t.tb, params: { campaignId: c.id } });
    });
  });
});

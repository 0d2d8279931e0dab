import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { POST as EVENTS } from "./events/route";
import { call } from "@/tests/support/http";
import { getDb } from "@/lib/db/client";
import { expectCampaignAuth, idem, makeCampaignWith } from "@/tests/support/campaigns";
import { completeCampaignOperation } from "@/lib/campaigns/complete-campaign-operation";
import { POST as STOP_AND_WITHDRAW } from "./withdraw/route";

describe("GET /v1/campaign/{id}", () => {
  it("a new campaign: its fields and zero totals", async () => {
    const { campaign, business, headers, params } = await makeCampaignWith();
    const res = await call(GET, { headers, params });
    expect(res.status).toBe(200);
    const row = await getDb().campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(res.body).toEqual({
      success: true,
      campaign: {
        id: campaign.id,
        name: campaign.name,
        environment: "test",
        status: "created",
        businessId: business.id,
        address: campaign.address,
        chain: "coinop-ledger",
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        totalAmountFunded: 0,
        totalAmountPaidOut: 0,
        availableToWithdraw: 0,
      },
    });
  });

  it("the totals are USDC numbers read from the ledger: funded, paid out by events and tips, and the balance", async () => {
    const { headers, params, users } = await makeCampaignWith({ fundMicros: 1_000_000_000n, status: "started", users: 1 });
    const userRef = users[0].userRef;
    expect((await call(EVENTS, { headers, params, body: { eventCode: "level_complete", userRef } })).status).toBe(202); // 5
    expect((await call(EVENTS, { headers, params, body: { userRef, payoutAmount: 0.5 } })).status).toBe(202); // tip 0.5
    expect((await call(EVENTS, { headers, params, body: { eventCode: "daily_login", userRef, payoutAmount: "0.000001" } })).status).toBe(202);
    const res = await call(GET, { headers, params });
    expect(res.body.campaign).toMatchObject({ status: "started", totalAmountFunded: 1000, totalAmountPaidOut: 5.500001, availableToWithdraw: 994.499999 });

    // a withdrawal empties the account but is not a payout
    await getDb().campaign.update({ where: { id: params.id }, data: { status: "stopped" } });
    const w = await call(STOP_AND_WITHDRAW, { headers: idem(headers), params });
    expect(w.status).toBe(202);
    await completeCampaignOperation({ db: getDb() }, { operationId: w.body.operationId });
    const after = await call(GET, { headers, params });
    expect(after.body.campaign).toMatchObject({ status: "stopped", totalAmountFunded: 1000, totalAmountPaidOut: 5.500001, availableToWithdraw: 0 });
  });

  it("401 without a campaign key; 404 for another campaign's key or id", async () => {
    const { headers, params } = await makeCampaignWith();
    await expectCampaignAuth(GET, { params }, headers);
  });
});

import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { POST as REMOVE } from "../../link/remove/route";
import { call } from "@/tests/support/http";
import { expectBusinessAuth, expectScopeRefusals, fundTestUsdc, linkBusinessUser, makeBusinessTenant } from "@/tests/support/business";
import { walletAccount } from "@/lib/ledger/accounts";
import { getDb } from "@/lib/db/client";

describe("GET /v1/platform/business/users/{userRef}/wallet/balance", () => {
  it("the player's custody wallet: its address and USDC balance", async () => {
    const t = await makeBusinessTenant();
    const { userRef, player } = await linkBusinessUser(t.tb);
    const account = walletAccount(player.id, "test");
    const empty = await call(GET, { headers: t.tb, params: { userRef } });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ address: account.address, balance: "0.00" });
    await fundTestUsdc(account, 2_500_000n, t.business.id);
    expect((await call(GET, { headers: t.tb, params: { userRef } })).body).toEqual({ address: account.address, balance: "2.50" });
  });

  it("400 INVALID_USER_REF without obu_; 404 USER_REF_NOT_FOUND for another business's or an unknown reference; 404 LINK_NOT_FOUND once removed; 403 without the player's approval", async () => {
    const t = await makeBusinessTenant();
    const other = await makeBusinessTenant();
    const theirs = await linkBusinessUser(other.tb);
    const mine = await linkBusinessUser(t.tb);
    const expectCode = async (userRef: string, status: number, code: string) => {
      const res = await call(GET, { headers: t.tb, params: { userRef } });
      expect([res.status, res.body.code], userRef).toEqual([status, code]);
    };
    await expectCode("gmu_test_0123456789abcdef01234567", 400, "INVALID_USER_REF");
    await expectCode("OBU_test_x", 400, "INVALID_USER_REF");
    await expectCode(theirs.userRef, 404, "USER_REF_NOT_FOUND");
    await expectCode("obu_test_000000000000000000000000", 404, "USER_REF_NOT_FOUND");
    // a link without the player's approval (not made on the hosted page) cannot read the wallet
    await getDb().playerLink.update({ where: { userRef: mine.userRef }, data: { approvedAt: null, approvalScopes: [] } });
    await expectCode(mine.userRef, 403, "LINK_NOT_APPROVED");
    await call(REMOVE, { headers: t.tb, params: { userRef: mine.userRef } });
    await expectCode(mine.userRef, 404, "LINK_NOT_FOUND");
  });

  it("refuses strangers and each set lacking business:users:link:read", async () => {
    const t = await makeBusinessTenant();
    const { userRef } = await linkBusinessUser(t.tb);
    await expectBusinessAuth(GET, { params: { userRef } }, t.tb);
    await expectScopeRefusals("business:users:link:read", (x) => call(GET, { headers: x.tb, params: { userRef } }));
  });
});

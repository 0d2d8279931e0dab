import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { call } from "@/tests/support/http";
import { expectBusinessAuth, expectScopeRefusals, fundTestUsdc, makeBusinessTenant } from "@/tests/support/business";
import { businessFundingAccount } from "@/lib/ledger/accounts";

describe("GET /v1/platform/business/wallet-balance", () => {
  it("the business funding wallet: its custody address before any money, then the ledger balance as USDC", async () => {
    const t = await makeBusinessTenant();
    const account = businessFundingAccount(t.business.id, "test");
    const empty = await call(GET, { headers: t.tb });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ address: account.address, balance: "0.00" });
    expect(account.address).toMatch(/^0x[0-9a-f]{40}$/);
    await fundTestUsdc(account, 12_345_600n, t.business.id);
    const other = await makeBusinessTenant();
    await fundTestUsdc(businessFundingAccount(other.business.id, "test"), 1_000_000n, other.business.id);
    expect((await call(GET, { headers: t.tb })).body).toEqual({ address: account.address, balance: "12.3456" });
    expect((await call(GET, { headers: other.tb })).body.balance).toBe("1.00");
  });

  it("refuses strangers (401, 400, 403 without a grant) and each set lacking business:wallet:balance", async () => {
    const t = await makeBusinessTenant();
    await expectBusinessAuth(GET, {}, t.tb);
    await expectScopeRefusals("business:wallet:balance", (x) => call(GET, { headers: x.tb }));
  });
});

import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { call } from "@/tests/support/http";
import { linkUser, makeCampaign, makeGame } from "@/tests/support/fixtures";
import { idem } from "@/tests/support/vc";
import { makeStore, usdcBalance } from "@/tests/support/purchases";
import { custodyAddress } from "@/lib/ledger/address";
import { getDb } from "@/lib/db/client";
import { USDC_ASSET } from "@/lib/ledger/accounts";

const journals = () => getDb().ledgerJournal.count({ where: { asset: USDC_ASSET, type: "test_wallet_fund" } });

describe("POST /v1/test-helpers/wallets/fund", () => {
  it("mints test USDC into the player's wallet in one journal and returns the wallet", async () => {
    const s = await makeStore();
    const res = await call(POST, { headers: s.headers, body: { userRef: s.users[0], amountUsdc: "12.5" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userRef: s.users[0], address: custodyAddress("wallet", s.playerIds[0], "test"), balance: "12.50" });
    const again = await call(POST, { headers: s.headers, body: { userRef: s.users[0], amountUsdc: 0.000001 } });
    expect(again.body.balance).toBe("12.500001");
    expect(await usdcBalance("wallet", s.playerIds[0])).toBe(12_500_001n);
    expect(await journals()).toBe(2);
    const h = idem(s.headers);
    await call(POST, { headers: h, body: { userRef: s.users[0], amountUsdc: "1" } });
    const replay = await call(POST, { headers: h, body: { userRef: s.users[0], amountUsdc: "1" } });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await journals()).toBe(3);
  });

  it("400 naming amountUsdc for non-positive or over-precise amounts; 404 for another game's user or a live key; 401", async () => {
    const s = await makeStore();
    const before = await journals();
    for (const amountUsdc of ["0", "-1", "1.0000001", "abc", "", null, "1000000000000"])
      expect(
        (await call(POST, { headers: s.headers, body: { userRef: s.users[0], amountUsdc } })).body.details?.map((d: { field: string }) => d.field),
        String(amountUsdc),
      ).toEqual(["amountUsdc"]);
    const tooMuch = await call(POST, { headers: s.headers, body: { userRef: s.users[0], amountUsdc: "1000000000000" } });
    expect(tooMuch.body.details[0].message).toBe('must be a positive USDC amount with at most 6 decimals and at most 999999999999 USDC, e.g. "25" or "12.50"');
    const other = await makeStore();
    const foreign = await call(POST, { headers: s.headers, body: { userRef: other.users[0], amountUsdc: "5" } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    const live = await makeGame({ environment: "live" });
    const liveUser = await linkUser(live.game.id, { environment: "live" });
    const liveRes = await call(POST, { headers: live.headers, body: { userRef: liveUser, amountUsdc: "5" } });
    expect(liveRes.status).toBe(404);
    expect((await call(POST, { body: { userRef: s.users[0], amountUsdc: "5" } })).status).toBe(401);
    expect((await call(POST, { headers: (await makeCampaign()).headers, body: { userRef: s.users[0], amountUsdc: "5" } })).status).toBe(401);
    expect(await journals()).toBe(before);
  });
});

import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { call } from "@/tests/support/http";
import { fund, makeVcGame } from "@/tests/support/vc";
import { getDb } from "@/lib/db/client";

describe("GET /v1/vc/balances", () => {
  it("returns the player's balance and when it last changed", async () => {
    const { headers, currencyId, users } = await makeVcGame();
    await fund(headers, currencyId, users[0], 120);
    const res = await call(GET, { headers, query: { currencyId, userRef: users[0] } });
    expect(res.status).toBe(200);
    const account = await getDb().ledgerAccount.findFirstOrThrow({ where: { asset: `vc:${currencyId}`, ownerRef: users[0] } });
    expect(res.body).toEqual({ currencyId, userRef: users[0], balanceUnits: "120", updatedAt: account.updatedAt.toISOString() });
  });

  it('"0" for a linked player who never held units, dated from the link or the currency', async () => {
    const { headers, currencyId, users } = await makeVcGame();
    const res = await call(GET, { headers, query: { currencyId, userRef: users[1] } });
    expect(res.status).toBe(200);
    expect(res.body.balanceUnits).toBe("0");
    const link = await getDb().playerLink.findUniqueOrThrow({ where: { userRef: users[1] } });
    const currency = await getDb().virtualCurrency.findUniqueOrThrow({ where: { id: currencyId } });
    const since = Math.max(link.linkedAt.getTime(), currency.createdAt.getTime());
    expect(res.body.updatedAt).toBe(new Date(since).toISOString());
  });

  it("404 for another game's currency or player; 400 naming missing fields; 401 without a key", async () => {
    const a = await makeVcGame();
    const b = await makeVcGame();
    const r1 = await call(GET, { headers: a.headers, query: { currencyId: b.currencyId, userRef: a.users[0] } });
    expect([r1.status, r1.body.code]).toEqual([404, "CURRENCY_NOT_FOUND"]);
    const r2 = await call(GET, { headers: a.headers, query: { currencyId: a.currencyId, userRef: b.users[0] } });
    expect([r2.status, r2.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    const r3 = await call(GET, { headers: a.headers, query: {} });
    expect(r3.status).toBe(400);
    expect(r3.body.details.map((d: { field: string }) => d.field).sort()).toEqual(["currencyId", "userRef"]);
    expect((await call(GET, { query: { currencyId: a.currencyId, userRef: a.users[0] } })).status).toBe(401);
  });
});

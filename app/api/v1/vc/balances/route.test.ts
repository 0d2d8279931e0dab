import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { call } from "@/tests/support/http";
import { fund, makeVcGame } from "@/tests/support/vc";
import { linkUser } from "@/tests/support/fixtures";
import { genericPlanPoolOf, getDb } from "@/lib/db/client";

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

  it("reads that arrive together are read in one query, each answered for itself, errors included", async () => {
    const a = await makeVcGame({ players: 3 });
    const b = await makeVcGame({ players: 1 });
    for (const [i, u] of a.users.entries()) await fund(a.headers, a.currencyId, u, 10 * (i + 1));
    const unlinked = await linkUser(a.game.id);
    await getDb().playerLink.update({ where: { userRef: unlinked }, data: { status: "unlinked" } });
    const asks = [
      ...a.users.map((userRef, i) => ({ query: { currencyId: a.currencyId, userRef }, want: { status: 200, balanceUnits: String(10 * (i + 1)) } })),
      { query: { currencyId: b.currencyId, userRef: a.users[0] }, want: { status: 404, code: "CURRENCY_NOT_FOUND" } },
      { query: { currencyId: a.currencyId, userRef: b.users[0] }, want: { status: 404, code: "USER_REF_NOT_FOUND" } },
      { query: { currencyId: a.currencyId, userRef: unlinked }, want: { status: 404, code: "USER_REF_NOT_FOUND" } },
      { query: { currencyId: a.currencyId, userRef: "nobody\u0000" }, want: { status: 404, code: "USER_REF_NOT_FOUND" } },
    ];
    const many = Array.from({ length: 5 }, () => asks).flat();
    // the balance statement runs on the generic-plan pool (lib/db/prepared.ts): count the statements sent to it
    const pool = genericPlanPoolOf(getDb())!;
    expect(pool).toBeDefined();
    const original = pool.query.bind(pool);
    let reads = 0;
    (pool as { query: unknown }).query = ((config: { text?: string }, ...rest: unknown[]) => {
      if (typeof config === "object" && config.text?.includes('LEFT JOIN "PlayerLink"')) reads++;
      return (original as (...a: unknown[]) => unknown)(config, ...rest);
    }) as typeof pool.query;
    try {
      const answers = await Promise.all(many.map(({ query }) => call(GET, { headers: a.headers, query })));
      answers.forEach((res, i) => {
        const { query, want } = many[i];
        if (want.status === 200)
          expect({ i, status: res.status, body: res.body }).toEqual({
            i,
            status: 200,
            body: { ...query, balanceUnits: (want as { balanceUnits: string }).balanceUnits, updatedAt: expect.any(String) },
          });
        else expect({ i, status: res.status, code: res.body.code }).toEqual({ i, ...want });
      });
      expect(reads).toBeGreaterThan(0);
      expect(reads).toBeLessThan(many.length);
    } finally {
      (pool as { query: unknown }).query = original;
    }
  });
});

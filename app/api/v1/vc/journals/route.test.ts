import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { POST as DEBIT } from "../debits/route";
import { POST as BATCH } from "../batch/route";
import { call } from "@/tests/support/http";
import { fund, idem, makeVcGame } from "@/tests/support/vc";
import { custodyAddress } from "@/lib/ledger/address";

describe("GET /v1/vc/journals", () => {
  it("lists journals newest first with signed postings, pool by address and players by userRef", async () => {
    const { headers, currencyId, users } = await makeVcGame({ players: 3 });
    const credit = await fund(headers, currencyId, users[0], 100);
    const debit = await call(DEBIT, { headers: idem(headers), body: { currencyId, userRef: users[0], amountUnits: "10", reason: "potion" } });
    const batch = await call(BATCH, {
      headers: idem(headers),
      body: { currencyId, sourceUserRef: users[0], recipients: [{ userRef: users[1], amountUnits: "5", description: "gift" }] },
    });
    const res = await call(GET, { headers, query: { currencyId } });
    expect(res.status).toBe(200);
    const pool = { type: "pool", address: custodyAddress("pool", currencyId, "test") };
    expect(res.body.items).toEqual([
      {
        _id: batch.body.journalId,
        type: "batch",
        createdAt: expect.any(String),
        postings: [
          { account: { type: "user", userRef: users[0] }, deltaUnits: "-5", description: "Batch to 1 recipient" },
          { account: { type: "user", userRef: users[1] }, deltaUnits: "5", description: "gift" },
        ],
      },
      {
        _id: debit.body.journalId,
        type: "debit",
        createdAt: expect.any(String),
        postings: [
          { account: { type: "user", userRef: users[0] }, deltaUnits: "-10", description: "potion" },
          { account: pool, deltaUnits: "10", description: "potion" },
        ],
      },
      {
        _id: credit.journalId,
        type: "credit",
        createdAt: expect.any(String),
        postings: [
          { account: pool, deltaUnits: "-100", description: expect.stringMatching(/^Credit for order fund-/) },
          { account: { type: "user", userRef: users[0] }, deltaUnits: "100", description: expect.stringMatching(/^Credit for order fund-/) },
        ],
      },
    ]);
    expect(res.body.pagination).toEqual({ page: 1, limit: 50, totalCount: 3, totalPages: 1, hasNextPage: false, hasPrevPage: false });
  });

  it("filters by userRef and paginates", async () => {
    const { headers, currencyId, users } = await makeVcGame({ players: 2 });
    for (let i = 0; i < 3; i++) await fund(headers, currencyId, users[0], 1);
    await fund(headers, currencyId, users[1], 2);
    const mine = await call(GET, { headers, query: { currencyId, userRef: users[0], limit: 2 } });
    expect(mine.body.pagination).toEqual({ page: 1, limit: 2, totalCount: 3, totalPages: 2, hasNextPage: true, hasPrevPage: false });
    expect(mine.body.items.every((j: { postings: { account: { userRef?: string } }[] }) => j.postings.some((p) => p.account.userRef === users[0]))).toBe(true);
    const theirs = await call(GET, { headers, query: { currencyId, userRef: users[1] } });
    expect(theirs.body.items).toHaveLength(1);
    expect(theirs.body.items[0].postings[1]).toEqual({ account: { type: "user", userRef: users[1] }, deltaUnits: "2", description: expect.any(String) });
  });

  it("404 for another game's currency or player; 400 for a bad limit; 401 without a key", async () => {
    const a = await makeVcGame();
    const b = await makeVcGame();
    await fund(b.headers, b.currencyId, b.users[0], 5);
    const r1 = await call(GET, { headers: a.headers, query: { currencyId: b.currencyId } });
    expect([r1.status, r1.body.code]).toEqual([404, "CURRENCY_NOT_FOUND"]);
    const r2 = await call(GET, { headers: a.headers, query: { currencyId: a.currencyId, userRef: b.users[0] } });
    expect([r2.status, r2.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    const r3 = await call(GET, { headers: a.headers, query: { currencyId: a.currencyId, limit: 0 } });
    expect([r3.status, r3.body.details[0].field]).toEqual([400, "limit"]);
    const r4 = await call(GET, { headers: a.headers, query: {} });
    expect(r4.body.details[0].field).toBe("currencyId");
    expect((await call(GET, { query: { currencyId: a.currencyId } })).status).toBe(401);
  });
});

import { describe, expect, it } from "vitest";
import { POST as APPROVE } from "./route";
import { POST as REQUEST } from "../../route";
import { POST as DEBIT } from "../../../debits/route";
import { call } from "@/tests/support/http";
import { balanceOf, fund, idem, makeVcGame, vcSnapshot } from "@/tests/support/vc";
import { getDb } from "@/lib/db/client";

const setup = async (opts: { funded?: number; units?: string; rate?: string } = {}) => {
  const g = await makeVcGame({ baseUnitsPerVcUnit: opts.rate });
  await fund(g.headers, g.currencyId, g.users[0], opts.funded ?? 100);
  const res = await call(REQUEST, { headers: idem(g.headers), body: { currencyId: g.currencyId, userRef: g.users[0], units: opts.units ?? "40" } });
  return { ...g, cashoutRequestId: res.body.cashoutRequestId as string };
};

describe("POST /v1/vc/cashouts/{cashoutRequestId}/approve", () => {
  it("200 debits the units to the pool in one cashout journal and records the conversion at the captured rate", async () => {
    const { headers, currencyId, users, cashoutRequestId } = await setup({ rate: "2500" });
    // a later rate change does not affect the captured rate
    await getDb().virtualCurrency.update({ where: { id: currencyId }, data: { baseUnitsPerVcUnit: "1" } });
    const res = await call(APPROVE, { headers: idem(headers), params: { cashoutRequestId } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ transactionId: expect.stringMatching(/^[0-9a-f]{24}$/), usedBaseUnitsPerVcUnit: "2500", convertedBaseUnits: "100000" });
    expect(await balanceOf(currencyId, users[0])).toBe(60n);
    const journal = await getDb().ledgerJournal.findUniqueOrThrow({
      where: { id: res.body.transactionId },
      include: { postings: { include: { account: true } } },
    });
    expect(journal).toMatchObject({ type: "cashout", reference: cashoutRequestId });
    expect(journal.postings.map((p) => [p.account.kind, p.delta]).sort()).toEqual([
      ["pool", 40n],
      ["user", -40n],
    ]);
    const row = await getDb().cashoutRequest.findUniqueOrThrow({ where: { id: cashoutRequestId } });
    expect(row).toMatchObject({ status: "approved", journalId: res.body.transactionId, convertedBaseUnits: 100000n });
    expect(row.decidedAt).toBeInstanceOf(Date);
  });

  it("409 CASHOUT_NOT_PENDING on a second approval with another key; nothing changed", async () => {
    const { headers, currencyId, cashoutRequestId } = await setup();
    expect((await call(APPROVE, { headers: idem(headers), params: { cashoutRequestId } })).status).toBe(200);
    const before = await vcSnapshot(currencyId);
    const res = await call(APPROVE, { headers: idem(headers), params: { cashoutRequestId } });
    expect([res.status, res.body.code]).toEqual([409, "CASHOUT_NOT_PENDING"]);
    expect(await vcSnapshot(currencyId)).toEqual(before);
  });

  it("422 when the balance fell below the units since the request; the request stays pending", async () => {
    const { headers, currencyId, users, cashoutRequestId } = await setup({ funded: 50, units: "40" });
    await call(DEBIT, { headers: idem(headers), body: { currencyId, userRef: users[0], amountUnits: "20", reason: "spent" } });
    const before = await vcSnapshot(currencyId);
    const res = await call(APPROVE, { headers: idem(headers), params: { cashoutRequestId } });
    expect([res.status, res.body.code]).toEqual([422, "INSUFFICIENT_FUNDS"]);
    expect(res.body.error).toBe(`User "${users[0]}" has 30 units; this operation needs 40.`);
    expect(await vcSnapshot(currencyId)).toEqual(before);
    expect(before.cashouts[0]).toMatchObject({ status: "pendingReview", journalId: null });
  });

  it("concurrent approvals of one request: exactly one succeeds, one journal", async () => {
    const { headers, currencyId, users, cashoutRequestId } = await setup();
    const results = await Promise.all([0, 1, 2].map(() => call(APPROVE, { headers: idem(headers), params: { cashoutRequestId } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await balanceOf(currencyId, users[0])).toBe(60n);
    expect(await getDb().ledgerJournal.count({ where: { asset: `vc:${currencyId}`, type: "cashout" } })).toBe(1);
  });

  it("404 for another game's request or an unknown id, with nothing changed; 401 without a key", async () => {
    const a = await setup();
    const b = await makeVcGame();
    const before = await vcSnapshot(a.currencyId);
    const res = await call(APPROVE, { headers: idem(b.headers), params: { cashoutRequestId: a.cashoutRequestId } });
    expect([res.status, res.body.code]).toEqual([404, "CASHOUT_NOT_FOUND"]);
    expect((await call(APPROVE, { headers: idem(a.headers), params: { cashoutRequestId: "000000000000000000000000" } })).status).toBe(404);
    expect((await call(APPROVE, { params: { cashoutRequestId: a.cashoutRequestId } })).status).toBe(401);
    expect(await vcSnapshot(a.currencyId)).toEqual(before);
  });

  it("Idempotency-Key required; a retry replays the 200 byte for byte and debits once", async () => {
    const { headers, currencyId, users, cashoutRequestId } = await setup();
    const missing = await call(APPROVE, { headers, params: { cashoutRequestId } });
    expect([missing.status, missing.body.code]).toEqual([400, "IDEMPOTENCY_KEY_REQUIRED"]);
    const h = idem(headers);
    const first = await call(APPROVE, { headers: h, params: { cashoutRequestId } });
    const replay = await call(APPROVE, { headers: h, params: { cashoutRequestId } });
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await balanceOf(currencyId, users[0])).toBe(60n);
    // the same key on another request's approval is another request: 422
    const other = await call(REQUEST, { headers: idem(headers), body: { currencyId, userRef: users[0], units: "1" } });
    const reuse = await call(APPROVE, { headers: h, params: { cashoutRequestId: other.body.cashoutRequestId } });
    expect([reuse.status, reuse.body.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
  });
});

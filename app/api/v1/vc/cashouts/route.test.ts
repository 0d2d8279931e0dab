import { describe, expect, it } from "vitest";
import { GET, POST } from "./route";
import { POST as APPROVE } from "./[cashoutRequestId]/approve/route";
import { POST as REJECT } from "./[cashoutRequestId]/reject/route";
import { call } from "@/tests/support/http";
import { balanceOf, fund, idem, makeVcGame, vcSnapshot } from "@/tests/support/vc";
import { getDb } from "@/lib/db/client";

describe("POST /v1/vc/cashouts", () => {
  it("201 creates a pendingReview request with the rate captured now, and moves no balance", async () => {
    const { game, headers, currencyId, users } = await makeVcGame({ baseUnitsPerVcUnit: "2500" });
    await fund(headers, currencyId, users[0], 100);
    const before = await vcSnapshot(currencyId);
    const res = await call(POST, { headers: idem(headers), body: { currencyId, userRef: users[0], units: "60" } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ cashoutRequestId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    const row = await getDb().cashoutRequest.findUniqueOrThrow({ where: { id: res.body.cashoutRequestId } });
    expect(row).toMatchObject({
      gameId: game.id,
      currencyId,
      userRef: users[0],
      units: 60n,
      status: "pendingReview",
      baseUnitsPerVcUnit: "2500",
      journalId: null,
      convertedBaseUnits: null,
    });
    expect(Math.abs(row.rateCapturedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await vcSnapshot(currencyId)).accounts).toEqual(before.accounts);
    expect(await balanceOf(currencyId, users[0])).toBe(100n);
  });

  it("422 INSUFFICIENT_FUNDS for more units than the balance; nothing created", async () => {
    const { headers, currencyId, users } = await makeVcGame();
    await fund(headers, currencyId, users[0], 10);
    const res = await call(POST, { headers: idem(headers), body: { currencyId, userRef: users[0], units: "11" } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("INSUFFICIENT_FUNDS");
    expect(res.body.error).toBe(`User "${users[0]}" has 10 units; this cashout requests 11.`);
    expect(await getDb().cashoutRequest.count({ where: { currencyId } })).toBe(0);
  });

  it("404 for another game's currency or player; 400 naming bad fields; 401; idempotency", async () => {
    const a = await makeVcGame();
    const b = await makeVcGame();
    await fund(b.headers, b.currencyId, b.users[0], 10);
    const r1 = await call(POST, { headers: idem(a.headers), body: { currencyId: b.currencyId, userRef: b.users[0], units: "1" } });
    expect([r1.status, r1.body.code]).toEqual([404, "CURRENCY_NOT_FOUND"]);
    const r2 = await call(POST, { headers: idem(a.headers), body: { currencyId: a.currencyId, userRef: b.users[0], units: "1" } });
    expect([r2.status, r2.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    expect(await getDb().cashoutRequest.count({ where: { currencyId: { in: [a.currencyId, b.currencyId] } } })).toBe(0);
    const r3 = await call(POST, { headers: idem(b.headers), body: { currencyId: b.currencyId, userRef: b.users[0], units: "1.0" } });
    expect([r3.status, r3.body.details[0].field]).toEqual([400, "units"]);
    expect((await call(POST, { body: { currencyId: b.currencyId, userRef: b.users[0], units: "1" } })).status).toBe(401);
    expect((await call(POST, { headers: b.headers, body: { currencyId: b.currencyId, userRef: b.users[0], units: "1" } })).body.code).toBe(
      "IDEMPOTENCY_KEY_REQUIRED",
    );
    const h = idem(b.headers);
    const first = await call(POST, { headers: h, body: { currencyId: b.currencyId, userRef: b.users[0], units: "1" } });
    const replay = await call(POST, { headers: h, body: { currencyId: b.currencyId, userRef: b.users[0], units: "1" } });
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await call(POST, { headers: h, body: { currencyId: b.currencyId, userRef: b.users[0], units: "2" } })).body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await getDb().cashoutRequest.count({ where: { currencyId: b.currencyId } })).toBe(1);
  });
});

describe("GET /v1/vc/cashouts", () => {
  it("lists requests newest first, filtered by status and userRef, with the captured rate", async () => {
    const { headers, currencyId, users } = await makeVcGame();
    await fund(headers, currencyId, users[0], 100);
    await fund(headers, currencyId, users[1], 100);
    const ids: string[] = [];
    for (const [userRef, units] of [
      [users[0], "10"],
      [users[1], "20"],
      [users[0], "30"],
    ] as const)
      ids.push((await call(POST, { headers: idem(headers), body: { currencyId, userRef, units } })).body.cashoutRequestId);
    await call(APPROVE, { headers: idem(headers), params: { cashoutRequestId: ids[0] } });
    await call(REJECT, { headers: idem(headers), params: { cashoutRequestId: ids[1] }, body: { reason: "fraud check" } });

    const all = await call(GET, { headers, query: { currencyId } });
    expect(all.status).toBe(200);
    expect(all.body.items.map((c: { _id: string }) => c._id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(all.body.pagination).toMatchObject({ totalCount: 3, limit: 20 });
    const pending = await call(GET, { headers, query: { currencyId, status: "pendingReview" } });
    expect(pending.body.items).toEqual([
      {
        _id: ids[2],
        userRef: users[0],
        unitsRequested: "30",
        status: "pendingReview",
        requestedRate: { baseUnitsPerVcUnit: "10000", capturedAt: expect.any(String) },
        currencyId,
        convertedBaseUnits: null,
        transactionId: null,
        rejectionReason: null,
        createdAt: expect.any(String),
      },
    ]);
    const approved = await call(GET, { headers, query: { currencyId, status: "approved" } });
    expect(approved.body.items[0]).toMatchObject({ _id: ids[0], status: "approved", convertedBaseUnits: "100000", transactionId: expect.any(String) });
    const rejected = await call(GET, { headers, query: { currencyId, status: "rejected" } });
    expect(rejected.body.items[0]).toMatchObject({ _id: ids[1], status: "rejected", rejectionReason: "fraud check" });
    const byUser = await call(GET, { headers, query: { currencyId, userRef: users[0], limit: 1 } });
    expect(byUser.body.items.map((c: { _id: string }) => c._id)).toEqual([ids[2]]);
    expect(byUser.body.pagination).toMatchObject({ totalCount: 2, totalPages: 2, hasNextPage: true });
  });

  it("404 for another game's currency or player; 400 for a bad status; 401 without a key", async () => {
    const a = await makeVcGame();
    const b = await makeVcGame();
    const r1 = await call(GET, { headers: a.headers, query: { currencyId: b.currencyId } });
    expect([r1.status, r1.body.code]).toEqual([404, "CURRENCY_NOT_FOUND"]);
    const r2 = await call(GET, { headers: a.headers, query: { currencyId: a.currencyId, userRef: b.users[0] } });
    expect([r2.status, r2.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    const r3 = await call(GET, { headers: a.headers, query: { currencyId: a.currencyId, status: "done" } });
    expect([r3.status, r3.body.details[0].field]).toEqual([400, "status"]);
    expect((await call(GET, { query: { currencyId: a.currencyId } })).status).toBe(401);
  });
});

import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { call } from "@/tests/support/http";
import { balanceOf, fund, idem, makeVcGame, poolBalanceOf, vcSnapshot } from "@/tests/support/vc";
import { getDb } from "@/lib/db/client";

const body = (currencyId: string, userRef: string, amountUnits: unknown = "40") => ({ currencyId, userRef, amountUnits, reason: "shop purchase" });

describe("POST /v1/vc/debits", () => {
  it("201 moves units from the player to the pool", async () => {
    const { headers, currencyId, users } = await makeVcGame();
    await fund(headers, currencyId, users[0], 100);
    const res = await call(POST, { headers: idem(headers), body: body(currencyId, users[0]) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      journalId: expect.stringMatching(/^[0-9a-f]{24}$/),
      newBalanceUnits: "60",
      breakdown: [
        { participant: "user", direction: "debit", userRef: users[0], amountUnits: "40", description: "shop purchase" },
        { participant: "pool", direction: "credit", amountUnits: "40", description: "shop purchase" },
      ],
    });
    expect(await poolBalanceOf(currencyId)).toBe(-60n);
    expect((await getDb().ledgerJournal.findUniqueOrThrow({ where: { id: res.body.journalId } })).type).toBe("debit");
  });

  it("422 INSUFFICIENT_FUNDS naming the player and amounts, with nothing changed", async () => {
    const { headers, currencyId, users } = await makeVcGame();
    await fund(headers, currencyId, users[0], 30);
    const before = await vcSnapshot(currencyId);
    const res = await call(POST, { headers: idem(headers), body: body(currencyId, users[0], "31") });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("INSUFFICIENT_FUNDS");
    expect(res.body.error).toBe(`User "${users[0]}" has 30 units; this operation needs 31.`);
    expect(await vcSnapshot(currencyId)).toEqual(before);
    const none = await call(POST, { headers: idem(headers), body: body(currencyId, users[1], "1") });
    expect(none.status).toBe(422);
    expect(none.body.error).toContain("has 0 units");
  });

  it("404 for another game's currency or player, with nothing changed", async () => {
    const a = await makeVcGame();
    const b = await makeVcGame();
    await fund(b.headers, b.currencyId, b.users[0], 50);
    const before = await vcSnapshot(b.currencyId);
    const r1 = await call(POST, { headers: idem(a.headers), body: body(b.currencyId, b.users[0]) });
    expect([r1.status, r1.body.code]).toEqual([404, "CURRENCY_NOT_FOUND"]);
    const r2 = await call(POST, { headers: idem(a.headers), body: body(a.currencyId, b.users[0]) });
    expect([r2.status, r2.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    expect(await vcSnapshot(b.currencyId)).toEqual(before);
  });

  it("400 naming the field; 401 without a key; 400 without an Idempotency-Key", async () => {
    const { headers, currencyId, users } = await makeVcGame();
    const bad = await call(POST, { headers: idem(headers), body: { ...body(currencyId, users[0], "-1"), reason: " " } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(["amountUnits", "reason"]);
    expect((await call(POST, { body: body(currencyId, users[0]) })).status).toBe(401);
    expect((await call(POST, { headers, body: body(currencyId, users[0]) })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
  });

  it("a retry with the same key replays and debits once; another body is 422 IDEMPOTENCY_KEY_REUSED", async () => {
    const { headers, currencyId, users } = await makeVcGame();
    await fund(headers, currencyId, users[0], 100);
    const h = idem(headers);
    const first = await call(POST, { headers: h, body: body(currencyId, users[0]) });
    const replay = await call(POST, { headers: h, body: body(currencyId, users[0]) });
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await call(POST, { headers: h, body: body(currencyId, users[0], "1") })).body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await balanceOf(currencyId, users[0])).toBe(60n);
    expect((await vcSnapshot(currencyId)).journals).toBe(2);
  });

  it("concurrent double spend: of two debits of the whole balance exactly one succeeds", async () => {
    const { headers, currencyId, users } = await makeVcGame();
    await fund(headers, currencyId, users[0], 100);
    const results = await Promise.all([0, 1].map(() => call(POST, { headers: idem(headers), body: body(currencyId, users[0], "100") })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(await balanceOf(currencyId, users[0])).toBe(0n);
    expect((await vcSnapshot(currencyId)).journals).toBe(2);
  });

  it("half of a surrogate pair in a string is 400 INVALID_CHARACTERS and writes nothing; a whole pair is kept", async () => {
    const { headers, currencyId, users } = await makeVcGame();
    await fund(headers, currencyId, users[0], 100);
    const before = await vcSnapshot(currencyId);
    const records = await getDb().idempotencyRecord.count();
    // JSON.stringify writes a lone surrogate as the escape \ud800: valid JSON, but no text PostgreSQL can store
    for (const reason of ["lone \ud800 high", "lone \udfae low", "\udfae\ud83c reversed"]) {
      const res = await call(POST, { headers: idem(headers), body: { ...body(currencyId, users[0], "1"), reason } });
      expect([res.status, res.body.code]).toEqual([400, "INVALID_CHARACTERS"]);
      expect(res.body.error).toContain("surrogate pair");
    }
    const key = await call(POST, { headers: idem(headers), body: { ...body(currencyId, users[0], "1"), ["k\ud800"]: 1 } });
    expect([key.status, key.body.code]).toEqual([400, "INVALID_CHARACTERS"]);
    expect(await vcSnapshot(currencyId)).toEqual(before);
    expect(await getDb().idempotencyRecord.count()).toBe(records);

    const whole = await call(POST, { headers: idem(headers), body: { ...body(currencyId, users[0], "1"), reason: "pad \ud83c\udfae" } });
    expect(whole.status).toBe(201);
    expect(whole.body.breakdown.map((b: { description: string }) => b.description)).toEqual(["pad 🎮", "pad 🎮"]);
    expect(await balanceOf(currencyId, users[0])).toBe(99n);
  });
});

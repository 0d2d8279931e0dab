import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { call } from "@/tests/support/http";
import { balanceOf, fund, idem, makeVcGame, poolBalanceOf, vcSnapshot } from "@/tests/support/vc";
import { getDb } from "@/lib/db/client";

const fields = (res: { body: { details: { field: string }[] } }) => res.body.details.map((d) => d.field);

describe("POST /v1/vc/batch", () => {
  it("200 debits the source the sum and credits each recipient and the pool in one journal", async () => {
    const { headers, currencyId, users } = await makeVcGame({ players: 3 });
    await fund(headers, currencyId, users[0], 100);
    const recipients = [
      { userRef: users[1], amountUnits: "30", description: "prize 1" },
      { userRef: users[2], amountUnits: "20", description: "prize 2" },
      { toPool: true, amountUnits: "5", description: "fee" },
    ];
    const res = await call(POST, { headers: idem(headers), body: { currencyId, sourceUserRef: users[0], recipients } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      journalId: expect.stringMatching(/^[0-9a-f]{24}$/),
      newBalanceUnits: "45",
      breakdown: [
        { participant: "user", direction: "debit", userRef: users[0], amountUnits: "55", description: "Batch to 3 recipients" },
        { participant: "user", direction: "credit", userRef: users[1], amountUnits: "30", description: "prize 1" },
        { participant: "user", direction: "credit", userRef: users[2], amountUnits: "20", description: "prize 2" },
        { participant: "pool", direction: "credit", amountUnits: "5", description: "fee" },
      ],
    });
    expect([await balanceOf(currencyId, users[0]), await balanceOf(currencyId, users[1]), await balanceOf(currencyId, users[2])]).toEqual([45n, 30n, 20n]);
    expect(await poolBalanceOf(currencyId)).toBe(-95n);
    const journal = await getDb().ledgerJournal.findUniqueOrThrow({ where: { id: res.body.journalId }, include: { postings: true } });
    expect(journal.type).toBe("batch");
    expect(journal.postings).toHaveLength(4);
  });

  it("accepts recipients as JSON-encoded text, and the same recipient twice", async () => {
    const { headers, currencyId, users } = await makeVcGame();
    await fund(headers, currencyId, users[0], 10);
    const recipients = JSON.stringify([
      { userRef: users[1], amountUnits: "3", description: "a" },
      { userRef: users[1], amountUnits: 4, description: "b" },
    ]);
    const res = await call(POST, { headers: idem(headers), body: { currencyId, sourceUserRef: users[0], recipients } });
    expect(res.status).toBe(200);
    expect(res.body.newBalanceUnits).toBe("3");
    expect(await balanceOf(currencyId, users[1])).toBe(7n);
  });

  it("422 when the source holds less than the sum: all or nothing", async () => {
    const { headers, currencyId, users } = await makeVcGame({ players: 3 });
    await fund(headers, currencyId, users[0], 50);
    const before = await vcSnapshot(currencyId);
    const recipients = [
      { userRef: users[1], amountUnits: "30", description: "" },
      { userRef: users[2], amountUnits: "21", description: "" },
    ];
    const res = await call(POST, { headers: idem(headers), body: { currencyId, sourceUserRef: users[0], recipients } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("INSUFFICIENT_FUNDS");
    expect(res.body.error).toBe(`User "${users[0]}" has 50 units; this operation needs 51.`);
    expect(await vcSnapshot(currencyId)).toEqual(before);
  });

  it("404 naming an unknown recipient, and for another game's currency or source; nothing moved", async () => {
    const a = await makeVcGame({ players: 2 });
    const b = await makeVcGame({ players: 1 });
    await fund(a.headers, a.currencyId, a.users[0], 50);
    await fund(b.headers, b.currencyId, b.users[0], 50);
    const [beforeA, beforeB] = [await vcSnapshot(a.currencyId), await vcSnapshot(b.currencyId)];
    const recipients = [
      { userRef: a.users[1], amountUnits: "1", description: "" },
      { userRef: b.users[0], amountUnits: "1", description: "" },
    ];
    const r1 = await call(POST, { headers: idem(a.headers), body: { currencyId: a.currencyId, sourceUserRef: a.users[0], recipients } });
    expect([r1.status, r1.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    expect(r1.body.error).toContain(b.users[0]);
    const r2 = await call(POST, {
      headers: idem(a.headers),
      body: { currencyId: b.currencyId, sourceUserRef: b.users[0], recipients: [{ toPool: true, amountUnits: "1" }] },
    });
    expect([r2.status, r2.body.code]).toEqual([404, "CURRENCY_NOT_FOUND"]);
    const r3 = await call(POST, {
      headers: idem(a.headers),
      body: { currencyId: a.currencyId, sourceUserRef: b.users[0], recipients: [{ toPool: true, amountUnits: "1" }] },
    });
    expect([r3.status, r3.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    expect(await vcSnapshot(a.currencyId)).toEqual(beforeA);
    expect(await vcSnapshot(b.currencyId)).toEqual(beforeB);
  });

  it("400 naming the bad recipient fields", async () => {
    const { headers, currencyId, users } = await makeVcGame();
    const send = (recipients: unknown) => call(POST, { headers: idem(headers), body: { currencyId, sourceUserRef: users[0], recipients } });
    expect(fields(await send([{ userRef: users[1], amountUnits: "0" }]))).toEqual(["recipients.0.amountUnits"]);
    expect(fields(await send([{ amountUnits: "1" }, { userRef: users[1], toPool: true, amountUnits: "1" }]))).toEqual([
      "recipients.0.userRef",
      "recipients.1.userRef",
    ]);
    expect(fields(await send([]))).toEqual(["recipients"]);
    expect(fields(await send("not json"))).toEqual(["recipients"]);
    expect(fields(await send('{"userRef":"x"}'))).toEqual(["recipients"]);
    expect(fields(await send(Array.from({ length: 501 }, () => ({ toPool: true, amountUnits: "1" }))))).toEqual(["recipients"]);
    expect(fields(await send([{ userRef: users[0], amountUnits: "1" }]))).toEqual(["recipients.0.userRef"]);
    expect(fields(await send(JSON.stringify([{ userRef: users[1], amountUnits: "x" }])))).toEqual(["recipients.0.amountUnits"]);
    expect((await vcSnapshot(currencyId)).journals).toBe(0);
  });

  it("401 without a key; 400 without an Idempotency-Key; replay and key reuse", async () => {
    const { headers, currencyId, users } = await makeVcGame();
    await fund(headers, currencyId, users[0], 10);
    const body = { currencyId, sourceUserRef: users[0], recipients: [{ userRef: users[1], amountUnits: "4", description: "x" }] };
    expect((await call(POST, { body })).status).toBe(401);
    expect((await call(POST, { headers, body })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    const h = idem(headers);
    const first = await call(POST, { headers: h, body });
    const replay = await call(POST, { headers: h, body });
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const reuse = await call(POST, { headers: h, body: { ...body, recipients: [{ userRef: users[1], amountUnits: "5" }] } });
    expect(reuse.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await balanceOf(currencyId, users[1])).toBe(4n);
    expect((await vcSnapshot(currencyId)).journals).toBe(2);
  });
});

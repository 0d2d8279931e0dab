import { describe, expect, it } from "vitest";
import { GET, POST } from "./route";
import { call } from "@/tests/support/http";
import { makeGame } from "@/tests/support/fixtures";
import { idem } from "@/tests/support/vc";
import { getDb } from "@/lib/db/client";
import { custodyAddress } from "@/lib/ledger/address";

describe("POST /v1/vc/currencies", () => {
  it("201 creates an active currency with its pool account; the code is upper-cased", async () => {
    const { game, headers } = await makeGame();
    const res = await call(POST, { headers: idem(headers), body: { code: "gems", name: "Gems" } });
    expect(res.status).toBe(201);
    expect(res.body.currency).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      code: "GEMS",
      name: "Gems",
      status: "active",
      baseUnitsPerVcUnit: "10000",
      createdAt: expect.any(String),
    });
    const id = res.body.currency._id;
    const row = await getDb().virtualCurrency.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ gameId: game.id, environment: "test", code: "GEMS" });
    const pool = await getDb().ledgerAccount.findMany({ where: { asset: `vc:${id}` } });
    expect(pool).toEqual([
      expect.objectContaining({ kind: "pool", ownerRef: id, allowNegative: true, balance: 0n, address: custodyAddress("pool", id, "test") }),
    ]);
  });

  it("takes a cashout rate and normalizes it", async () => {
    const { headers } = await makeGame();
    const res = await call(POST, { headers: idem(headers), body: { code: "COIN_2", name: "Coins", baseUnitsPerVcUnit: "0250" } });
    expect(res.status).toBe(201);
    expect(res.body.currency.baseUnitsPerVcUnit).toBe("250");
  });

  it("409 CURRENCY_CODE_TAKEN for a code the game already has; another game may reuse it", async () => {
    const a = await makeGame();
    const b = await makeGame();
    expect((await call(POST, { headers: idem(a.headers), body: { code: "GOLD", name: "Gold" } })).status).toBe(201);
    const dup = await call(POST, { headers: idem(a.headers), body: { code: "gold", name: "Other" } });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("CURRENCY_CODE_TAKEN");
    expect(await getDb().virtualCurrency.count({ where: { gameId: a.game.id } })).toBe(1);
    expect((await call(POST, { headers: idem(b.headers), body: { code: "GOLD", name: "Gold" } })).status).toBe(201);
  });

  it("400 naming each bad field", async () => {
    const { game, headers } = await makeGame();
    const res = await call(POST, { headers: idem(headers), body: { code: "x!", name: "", baseUnitsPerVcUnit: "-1" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_ERROR");
    expect(res.body.details.map((d: { field: string }) => d.field).sort()).toEqual(["baseUnitsPerVcUnit", "code", "name"]);
    const tooLong = await call(POST, { headers: idem(headers), body: { code: "A".repeat(17), name: "n" } });
    expect(tooLong.body.details[0].field).toBe("code");
    expect(await getDb().virtualCurrency.count({ where: { gameId: game.id } })).toBe(0);
  });

  it("401 without a key; 400 IDEMPOTENCY_KEY_REQUIRED without an Idempotency-Key", async () => {
    const { game, headers } = await makeGame();
    expect((await call(POST, { body: { code: "GEMS", name: "Gems" } })).status).toBe(401);
    const res = await call(POST, { headers, body: { code: "GEMS", name: "Gems" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect(await getDb().virtualCurrency.count({ where: { gameId: game.id } })).toBe(0);
  });

  it("replays the first response for the same key and body; 422 for the same key with another body", async () => {
    const { game, headers } = await makeGame();
    const h = idem(headers);
    const first = await call(POST, { headers: h, body: { code: "GEMS", name: "Gems" } });
    const again = await call(POST, { headers: h, body: { code: "GEMS", name: "Gems" } });
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const other = await call(POST, { headers: h, body: { code: "GEMS", name: "Other" } });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await getDb().virtualCurrency.count({ where: { gameId: game.id } })).toBe(1);
  });
});

describe("GET /v1/vc/currencies", () => {
  it("lists only the key's game currencies, oldest first, paginated", async () => {
    const a = await makeGame();
    const b = await makeGame();
    for (const code of ["AAA", "BBB", "CCC"]) await call(POST, { headers: idem(a.headers), body: { code, name: code } });
    await call(POST, { headers: idem(b.headers), body: { code: "ZZZ", name: "z" } });
    const res = await call(GET, { headers: a.headers, query: { limit: 2 } });
    expect(res.status).toBe(200);
    expect(res.body.items.map((c: { code: string }) => c.code)).toEqual(["AAA", "BBB"]);
    expect(res.body.pagination).toEqual({ page: 1, limit: 2, totalCount: 3, totalPages: 2, hasNextPage: true, hasPrevPage: false });
    const page2 = await call(GET, { headers: a.headers, query: { limit: 2, page: 2 } });
    expect(page2.body.items.map((c: { code: string }) => c.code)).toEqual(["CCC"]);
    expect(page2.body.pagination).toMatchObject({ page: 2, hasNextPage: false, hasPrevPage: true });
    const def = await call(GET, { headers: a.headers });
    expect(def.body.pagination.limit).toBe(20);
  });

  it("401 without a key; 400 for a bad limit naming it", async () => {
    const { headers } = await makeGame();
    expect((await call(GET, {})).status).toBe(401);
    const res = await call(GET, { headers, query: { limit: 101 } });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe("limit");
  });
});

import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { call } from "@/tests/support/http";
import { linkUser } from "@/tests/support/fixtures";
import { balanceOf, idem, makeVcGame, poolBalanceOf, vcSnapshot } from "@/tests/support/vc";
import { getDb } from "@/lib/db/client";
import pg from "pg";
import { ensureAccounts } from "@/lib/ledger/ensure-accounts";
import { vcAsset, vcPool } from "@/lib/ledger/accounts";
import { ISSUER_SLOTS } from "@/lib/ledger/slots";

/** The connection each statement named by statementsOf was sent on (a number per pg client), in the same order. */
const connections: number[] = [];
const clientIds = new WeakMap<object, number>();
let clientCount = 0;

/** The SQL statements `fn` sends, each named by what it does. */
const statementsOf = async (fn: () => Promise<unknown>): Promise<string[]> => {
  const names: [RegExp, string][] = [
    [/FROM "ApiKey"/, "auth"],
    [/^BEGIN/, "BEGIN"],
    [/pg_try_advisory_xact_lock/, "claim key"],
    [/^SELECT [\s\S]*"IdempotencyRecord"/, "stored response?"],
    [/"VirtualCurrency"[\s\S]*"PlayerLink"/, "currency and link"],
    [/^WITH found AS/, "lock accounts"],
    [/^INSERT INTO "LedgerAccount"/, "create accounts"],
    [/^WITH upd AS/, "write journal"],
    [/^INSERT INTO "IdempotencyRecord"/, "store response"],
    [/^COMMIT/, "COMMIT"],
  ];
  const seen: string[] = [];
  connections.length = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = String(typeof args[0] === "string" ? args[0] : (args[0] as { text: string }).text).trim();
    seen.push(names.find(([re]) => re.test(text))?.[1] ?? text.slice(0, 60));
    if (!clientIds.has(this)) clientIds.set(this, ++clientCount);
    connections[seen.length - 1] = clientIds.get(this)!;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = query;
  }
  return seen;
};

const body = (currencyId: string, userRef: string, amountUnits: unknown = "150") => ({ currencyId, userRef, amountUnits, orderId: "order-1" });

describe("POST /v1/vc/credits", () => {
  it("201 moves units from the pool to the player and returns the result with its breakdown", async () => {
    const { headers, currencyId, users } = await makeVcGame();
    const res = await call(POST, { headers: idem(headers), body: body(currencyId, users[0]) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      journalId: expect.stringMatching(/^[0-9a-f]{24}$/),
      newBalanceUnits: "150",
      breakdown: [
        { participant: "pool", direction: "debit", amountUnits: "150", description: "Credit for order order-1" },
        { participant: "user", direction: "credit", userRef: users[0], amountUnits: "150", description: "Credit for order order-1" },
      ],
    });
    const again = await call(POST, { headers: idem(headers), body: body(currencyId, users[0], 50) });
    expect(again.body.newBalanceUnits).toBe("200");
    expect(await balanceOf(currencyId, users[0])).toBe(200n);
    expect(await poolBalanceOf(currencyId)).toBe(-200n);
    const journal = await getDb().ledgerJournal.findUniqueOrThrow({ where: { id: res.body.journalId } });
    expect(journal).toMatchObject({ type: "credit", reference: "order-1", asset: `vc:${currencyId}` });
  });

  it("404 for another game's currency or user, with nothing changed", async () => {
    const a = await makeVcGame();
    const b = await makeVcGame();
    const before = await vcSnapshot(b.currencyId);
    const foreignCurrency = await call(POST, { headers: idem(a.headers), body: body(b.currencyId, a.users[0]) });
    expect(foreignCurrency.status).toBe(404);
    expect(foreignCurrency.body.code).toBe("CURRENCY_NOT_FOUND");
    const foreignUser = await call(POST, { headers: idem(a.headers), body: body(a.currencyId, b.users[0]) });
    expect(foreignUser.status).toBe(404);
    expect(foreignUser.body.code).toBe("USER_REF_NOT_FOUND");
    expect(foreignUser.body.error).toContain(b.users[0]);
    expect(await vcSnapshot(b.currencyId)).toEqual(before);
    expect((await vcSnapshot(a.currencyId)).journals).toBe(0);
  });

  it("404 USER_REF_NOT_FOUND for an unknown userRef", async () => {
    const { headers, currencyId } = await makeVcGame();
    const res = await call(POST, { headers: idem(headers), body: body(currencyId, "gmu_test_nobody") });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("USER_REF_NOT_FOUND");
  });

  it("400 naming the field for amounts that are not positive whole numbers, and missing fields", async () => {
    const { headers, currencyId, users } = await makeVcGame();
    for (const amountUnits of ["0", "-5", "1.5", "abc", 2.5, "", "1000000000000000"]) {
      const res = await call(POST, { headers: idem(headers), body: body(currencyId, users[0], amountUnits) });
      expect(res.status, String(amountUnits)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(["amountUnits"]);
    }
    const missing = await call(POST, { headers: idem(headers), body: { currencyId } });
    expect(missing.body.details.map((d: { field: string }) => d.field).sort()).toEqual(["amountUnits", "orderId", "userRef"]);
    expect((await vcSnapshot(currencyId)).journals).toBe(0);
  });

  it("401 without a key; 400 without an Idempotency-Key", async () => {
    const { headers, currencyId, users } = await makeVcGame();
    expect((await call(POST, { body: body(currencyId, users[0]) })).status).toBe(401);
    const res = await call(POST, { headers, body: body(currencyId, users[0]) });
    expect(res.body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect((await vcSnapshot(currencyId)).journals).toBe(0);
  });

  it("a retry with the same key replays byte for byte and posts once; another body is 422", async () => {
    const { headers, currencyId, users } = await makeVcGame();
    const h = idem(headers);
    const first = await call(POST, { headers: h, body: body(currencyId, users[0]) });
    const replay = await call(POST, { headers: h, body: body(currencyId, users[0]) });
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const reuse = await call(POST, { headers: h, body: body(currencyId, users[0], "151") });
    expect(reuse.status).toBe(422);
    expect(reuse.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect((await vcSnapshot(currencyId)).journals).toBe(1);
    expect(await balanceOf(currencyId, users[0])).toBe(150n);
  });

  it("404 for a player whose link was removed", async () => {
    const { game, headers, currencyId } = await makeVcGame({ players: 0 });
    const userRef = await linkUser(game.id);
    await getDb().playerLink.update({ where: { userRef }, data: { status: "unlinked" } });
    const res = await call(POST, { headers: idem(headers), body: body(currencyId, userRef) });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("USER_REF_NOT_FOUND");
  });

  it("hot path: a credit on existing accounts is 9 statements, and the pool slot is locked for the last 4", async () => {
    const { headers, currencyId, users } = await makeVcGame();
    for (let slot = 0; slot < ISSUER_SLOTS; slot++)
      await ensureAccounts(getDb(), { asset: vcAsset(currencyId), environment: "test", accounts: [{ ...vcPool(currencyId, "test"), slot }] });
    await call(POST, { headers: idem(headers), body: body(currencyId, users[0]) });
    const statements = await statementsOf(async () =>
      expect((await call(POST, { headers: idem(headers), body: body(currencyId, users[0]) })).status).toBe(201),
    );
    expect(statements).toEqual([
      "auth",
      "BEGIN",
      "claim key",
      "stored response?",
      "currency and link",
      "lock accounts",
      "write journal",
      "store response",
      "COMMIT",
    ]);
  });

  it("hot path under load: concurrent credits share their transaction and statements (group commit)", async () => {
    process.env.GROUP_COMMIT_IN_FLIGHT = "1";
    try {
      const { headers, currencyId, users } = await makeVcGame({ players: 3 });
      for (const u of users) await call(POST, { headers: idem(headers), body: body(currencyId, u) });
      for (let slot = 0; slot < ISSUER_SLOTS; slot++)
        await ensureAccounts(getDb(), { asset: vcAsset(currencyId), environment: "test", accounts: [{ ...vcPool(currencyId, "test"), slot }] });
      const statements = await statementsOf(async () => {
        const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => call(POST, { headers: idem(headers), body: body(currencyId, users[i % 3]) })));
        expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
      });
      const count = (name: string) => statements.filter((s) => s === name).length;
      // one credit alone (no company), then the ones that gathered meanwhile in one transaction
      expect(count("write journal")).toBeLessThan(12);
      expect(count("BEGIN")).toBe(count("COMMIT"));
      expect(count("BEGIN")).toBe(count("write journal"));
      // far fewer statements than 12 credits one by one (9 each)
      expect(statements.length).toBeLessThan(12 * 9 * 0.5);
      // a group's transaction holds the ledger's and the idempotency's statements only: its reads came before its
      // BEGIN (each transaction is read on its own connection: reads of the next group may run beside it)
      const byConnection = new Map<number, string[]>();
      statements.forEach((s, i) => byConnection.set(connections[i], [...(byConnection.get(connections[i]) ?? []), s]));
      const transactions = [...byConnection.values()].flatMap((list) =>
        list
          .join(" | ")
          .split("BEGIN | ")
          .slice(1)
          .map((t) => t.split(" | COMMIT")[0]),
      );
      const alone = "claim key | stored response? | currency and link | lock accounts | write journal | store response";
      const together = "claim key | stored response? | lock accounts | write journal | store response";
      expect(transactions.length).toBe(count("BEGIN"));
      expect(transactions.filter((t) => t !== alone && t !== together)).toEqual([]);
      expect(transactions.filter((t) => t === together).length).toBeGreaterThan(0);
      expect(
        statements.filter(
          (s) =>
            !["auth", "BEGIN", "claim key", "stored response?", "currency and link", "lock accounts", "write journal", "store response", "COMMIT"].includes(s),
        ),
      ).toEqual([]);
    } finally {
      delete process.env.GROUP_COMMIT_IN_FLIGHT;
    }
  });
});

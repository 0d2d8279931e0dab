// The idempotency record commits with the effect, in the same transaction, or neither does
// (lib/http/route.ts, lib/http/idempotency.ts, lib/http/run-grouped.ts). Two ways to break it that no
// happy-path test sees: the record written on a second connection (it commits even when the effect's
// transaction fails at commit: a retry then replays a success that never happened), or written after the
// commit (when its insert fails the effect stays without its record: a retry applies the effect twice).
// Real failures, made by triggers in this file's own database: a deferred constraint trigger that refuses
// the COMMIT of one game's outbox event or one credit's journal, and a trigger that refuses the insert of the
// record of one Idempotency-Key. After each: a documented error body, nothing written; without the trigger,
// the same key applies the request exactly once, and a further retry replays.
import { appBaseUrl } from "@/lib/config/settings";
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { USDC_ASSET, vcAsset } from "@/lib/ledger/accounts";
import { call, type CallResult } from "@/tests/support/http";
import { eventsOf, fundWallet, makeProductRow, makeStore, usdcBalance } from "@/tests/support/purchases";
import { balanceOf, idem, makeVcGame } from "@/tests/support/vc";
import { POST as PURCHASE } from "@/app/api/v1/wallet/purchase/route";
import { POST as CREDIT } from "@/app/api/v1/vc/credits/route";

const db = () => getDb();

// ids in the DDL below are ours (newId/randomUUID: letters, digits, dashes), checked before use
const literal = (s: string) => {
  if (!/^[A-Za-z0-9_-]+$/.test(s)) throw new Error(`not an id: ${s}`);
  return `'${s}'`;
};

const refuse = async (name: string, message: string) =>
  db().$executeRawUnsafe(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN RAISE EXCEPTION '${message}'; END $$`);

/** The COMMIT of a transaction that wrote an outbox event of `gameId` fails (a deferred constraint trigger). */
const failCommitOfEventsOf = async (gameId: string) => {
  await refuse("test27_refuse_commit", "test 27: this commit is refused");
  await db().$executeRawUnsafe(`CREATE CONSTRAINT TRIGGER test27_commit_fails AFTER INSERT ON "WebhookEvent"
     DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."ownerId" = ${literal(gameId)}) EXECUTE FUNCTION test27_refuse_commit()`);
  return () => db().$executeRawUnsafe(`DROP TRIGGER test27_commit_fails ON "WebhookEvent"`);
};

/** The COMMIT of a transaction that wrote a journal with `reference` fails (a deferred constraint trigger). */
const failCommitOfJournal = async (reference: string) => {
  await refuse("test27_refuse_commit", "test 27: this commit is refused");
  await db().$executeRawUnsafe(`CREATE CONSTRAINT TRIGGER test27_journal_commit_fails AFTER INSERT ON "LedgerJournal"
     DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."reference" = ${literal(reference)}) EXECUTE FUNCTION test27_refuse_commit()`);
  return () => db().$executeRawUnsafe(`DROP TRIGGER test27_journal_commit_fails ON "LedgerJournal"`);
};

/** The insert of the idempotency record of `key` fails. */
const failRecordOf = async (key: string) => {
  await refuse("test27_refuse_record", "test 27: this idempotency record is refused");
  await db().$executeRawUnsafe(`CREATE TRIGGER test27_record_fails BEFORE INSERT ON "IdempotencyRecord"
     FOR EACH ROW WHEN (NEW."key" = ${literal(key)}) EXECUTE FUNCTION test27_refuse_record()`);
  return () => db().$executeRawUnsafe(`DROP TRIGGER test27_record_fails ON "IdempotencyRecord"`);
};

/** The documented 500 body, nothing of the failure (no SQL, no stack) in it. */
const expectInternalError = (res: CallResult) => {
  const requestId = res.headers.get("x-request-id");
  expect({ status: res.status, body: res.body }).toEqual({
    status: 500,
    body: {
      error: `Something went wrong on our side. Quote request id ${requestId} if you contact support.`,
      code: "INTERNAL_ERROR",
      docUrl: `${appBaseUrl()}/docs/errors#INTERNAL_ERROR`,
      requestId,
    },
  });
  expect(res.text).not.toMatch(/test 27|trigger|\bat\s+\S+\.ts/i);
};

const storeOf = async () => {
  const s = await makeStore({ players: 1 });
  await fundWallet(s.playerIds[0], 20_000_000n); // 20 USDC
  const item = await makeProductRow(s.game.id, { priceCents: 999, fulfillmentType: "WEBHOOK" });
  return { ...s, item };
};

/** Everything a wallet purchase writes: USDC balances and journals, purchases, the game's events, the key's record. */
const purchaseState = async (gameId: string, key: string) => ({
  accounts: await db().ledgerAccount.findMany({ where: { asset: USDC_ASSET }, orderBy: { id: "asc" }, select: { kind: true, ownerRef: true, balance: true } }),
  journals: await db().ledgerJournal.count({ where: { asset: USDC_ASSET } }),
  purchases: await db().purchase.count({ where: { gameId } }),
  events: (await eventsOf(gameId)).length,
  records: await db().idempotencyRecord.count({ where: { key } }),
});

/** After the failure is gone: the same key applies the purchase once, and a further retry replays it. */
const expectAppliedOnceThenReplayed = async (s: Awaited<ReturnType<typeof storeOf>>, key: string, before: Awaited<ReturnType<typeof purchaseState>>) => {
  const body = { userId: s.users[0], itemId: s.item.id };
  const retry = await call(PURCHASE, { headers: idem(s.headers, key), body });
  expect({ status: retry.status, replayed: retry.headers.get("idempotent-replayed") }).toEqual({ status: 200, replayed: null });
  expect(await usdcBalance("wallet", s.playerIds[0])).toBe(20_000_000n - 9_990_000n);
  expect(await usdcBalance("game", s.game.id)).toBe(9_490_500n);
  const after = await purchaseState(s.game.id, key);
  expect({ purchases: after.purchases, events: after.events, records: after.records }).toEqual({ purchases: 1, events: 1, records: 1 });
  expect(after.journals).toBeGreaterThan(before.journals);
  const again = await call(PURCHASE, { headers: idem(s.headers, key), body });
  expect({ status: again.status, replayed: again.headers.get("idempotent-replayed"), body: again.body }).toEqual({
    status: 200,
    replayed: "true",
    body: retry.body,
  });
  expect(await purchaseState(s.game.id, key)).toEqual(after);
};

describe("The idempotency record commits with the effect or not at all", () => {
  it("the transaction fails at COMMIT: no purchase, journal, balance change, event or record; the retry applies once, then replays", async () => {
    const s = await storeOf();
    const key = randomUUID();
    const before = await purchaseState(s.game.id, key);
    const undo = await failCommitOfEventsOf(s.game.id);
    try {
      const res = await call(PURCHASE, { headers: idem(s.headers, key), body: { userId: s.users[0], itemId: s.item.id } });
      expectInternalError(res);
      expect(await purchaseState(s.game.id, key)).toEqual(before);
    } finally {
      await undo();
    }
    await expectAppliedOnceThenReplayed(s, key, before);
  });

  it("the record's insert fails: no purchase, journal, balance change, event or record; the retry applies once, then replays", async () => {
    const s = await storeOf();
    const key = randomUUID();
    const before = await purchaseState(s.game.id, key);
    const undo = await failRecordOf(key);
    try {
      const res = await call(PURCHASE, { headers: idem(s.headers, key), body: { userId: s.users[0], itemId: s.item.id } });
      expectInternalError(res);
      expect(await purchaseState(s.game.id, key)).toEqual(before);
    } finally {
      await undo();
    }
    await expectAppliedOnceThenReplayed(s, key, before);
  });

  describe("written together (group commit)", () => {
    beforeEach(() => {
      process.env.GROUP_COMMIT_IN_FLIGHT = "1";
    });
    afterEach(() => {
      delete process.env.GROUP_COMMIT_IN_FLIGHT;
    });

    const batchWithOneRefused = async (failure: (refused: { key: string; orderId: string }) => Promise<() => Promise<unknown>>) => {
      const g = await makeVcGame({ players: 2 });
      const plan = Array.from({ length: 12 }, (_, i) => ({ key: randomUUID(), userRef: g.users[i % 2], amount: 10 + i, orderId: `t27-${randomUUID()}` }));
      const refused = plan[7];
      const undo = await failure(refused);
      let answers: CallResult[];
      try {
        answers = await Promise.all(
          plan.map((p) =>
            call(CREDIT, {
              headers: idem(g.headers, p.key),
              body: { currencyId: g.currencyId, userRef: p.userRef, amountUnits: String(p.amount), orderId: p.orderId },
            }),
          ),
        );
      } finally {
        await undo();
      }
      plan.forEach((p, i) => {
        if (p === refused) return expectInternalError(answers[i]);
        expect({ i, status: answers[i].status, replayed: answers[i].headers.get("idempotent-replayed") }).toEqual({ i, status: 201, replayed: null });
      });
      const applied = plan.filter((p) => p !== refused);
      for (const userRef of g.users)
        expect(await balanceOf(g.currencyId, userRef)).toBe(BigInt(applied.filter((p) => p.userRef === userRef).reduce((sum, p) => sum + p.amount, 0)));
      const journals = await db().ledgerJournal.findMany({ where: { asset: vcAsset(g.currencyId), type: "credit" }, select: { reference: true } });
      expect(journals.map((j) => j.reference).sort()).toEqual(applied.map((p) => p.orderId).sort());
      const records = await db().idempotencyRecord.findMany({
        where: { scope: `server:${g.game.id}`, key: { in: plan.map((p) => p.key) } },
        select: { key: true },
      });
      expect(records.map((r) => r.key).sort()).toEqual(applied.map((p) => p.key).sort());

      // the refused credit, retried without the failure: applied once; then replayed
      const body = { currencyId: g.currencyId, userRef: refused.userRef, amountUnits: String(refused.amount), orderId: refused.orderId };
      const before = await balanceOf(g.currencyId, refused.userRef);
      const retry = await call(CREDIT, { headers: idem(g.headers, refused.key), body });
      expect({ status: retry.status, replayed: retry.headers.get("idempotent-replayed"), balance: retry.body.newBalanceUnits }).toEqual({
        status: 201,
        replayed: null,
        balance: String(before + BigInt(refused.amount)),
      });
      const again = await call(CREDIT, { headers: idem(g.headers, refused.key), body });
      expect({ status: again.status, replayed: again.headers.get("idempotent-replayed"), body: again.body }).toEqual({
        status: 201,
        replayed: "true",
        body: retry.body,
      });
      expect(await balanceOf(g.currencyId, refused.userRef)).toBe(before + BigInt(refused.amount));
      expect(await db().ledgerJournal.count({ where: { asset: vcAsset(g.currencyId), type: "credit" } })).toBe(plan.length);
    };

    it("a batch whose COMMIT fails: the refused credit has nothing written, every other credit is applied exactly once", () =>
      batchWithOneRefused((refused) => failCommitOfJournal(refused.orderId)));

    it("a batch where one credit's record cannot be inserted: that credit has nothing written, every other is applied exactly once", () =>
      batchWithOneRefused((refused) => failRecordOf(refused.key)));
  });
});

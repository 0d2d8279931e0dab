// Group commit under real concurrency: parallel credits of one game, failing ones mixed in, against real
// PostgreSQL. Each call must get its own answer, and the ledger must hold exactly the successes.
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { POST } from "./route";
import { call, type CallResult } from "@/tests/support/http";
import { linkUser } from "@/tests/support/fixtures";
import { balanceOf, fund, idem, makeVcGame } from "@/tests/support/vc";
import { getDb } from "@/lib/db/client";
import { checkVcLedgerInvariants } from "@/lib/vc/check-vc-journal-entries";
import { vcAsset } from "@/lib/ledger/accounts";
import { POST as createCurrencyRoute } from "../currencies/route";

type Planned = { key: string; body: Record<string, string>; expect: "ok" | "USER_REF_NOT_FOUND" | "CURRENCY_NOT_FOUND" | "AMOUNT_OUT_OF_RANGE" | "same-key" };

const MAX_BIGINT = 2n ** 63n - 1n;

describe("POST /v1/vc/credits, written together (group commit)", () => {
  beforeEach(() => {
    // one batch in flight at a time: every call that arrives meanwhile joins the next batch
    process.env.GROUP_COMMIT_IN_FLIGHT = "1";
  });
  afterEach(() => {
    delete process.env.GROUP_COMMIT_IN_FLIGHT;
  });

  it("90 parallel credits with refused ones mixed in: each its own answer, the ledger exactly the successes", async () => {
    const { headers, currencyId, users, game } = await makeVcGame({ players: 4 });
    const other = await makeVcGame({ players: 1 });
    const unlinked = await linkUser(game.id);
    await getDb().playerLink.update({ where: { userRef: unlinked }, data: { status: "unlinked" } });
    // a second currency of the same game, where one player holds almost what a balance can hold
    const second = await call(createCurrencyRoute, { headers: idem(headers), body: { code: `RICH${Date.now() % 100000}`, name: "Rich" } });
    const richCurrency: string = second.body.currency._id;
    const rich = users[3];
    // (an amount has at most 15 digits, so the balance is set in the database: this currency's books are
    // deliberately off, and only its player's balance is checked below)
    await fund(headers, richCurrency, rich, 1);
    await getDb().ledgerAccount.updateMany({ where: { asset: vcAsset(richCurrency), kind: "user", ownerRef: rich }, data: { balance: MAX_BIGINT - 10n } });

    const plan: Planned[] = [];
    const credit = (userRef: string, amount: number | bigint, expected: Planned["expect"], currency = currencyId, key = randomUUID()) =>
      plan.push({ key, body: { currencyId: currency, userRef, amountUnits: String(amount), orderId: `o-${plan.length}` }, expect: expected });
    for (let i = 0; i < 60; i++) credit(users[i % 3], 1 + i, "ok");
    for (let i = 0; i < 6; i++) credit(`unknown-${i}`, 5, "USER_REF_NOT_FOUND");
    for (let i = 0; i < 4; i++) credit(unlinked, 5, "USER_REF_NOT_FOUND");
    for (let i = 0; i < 6; i++) credit(users[0], 5, "CURRENCY_NOT_FOUND", other.currencyId);
    credit(rich, 11, "AMOUNT_OUT_OF_RANGE", richCurrency);
    credit(rich, 10, "ok", richCurrency); // exactly up to the maximum, after the refused one
    // the same key twice with the same body: one credit, the other a replay or 409 in flight
    for (let i = 0; i < 6; i++) {
      const key = randomUUID();
      credit(users[i % 3], 100, "same-key", currencyId, key);
      plan.push({ ...plan[plan.length - 1] });
    }
    // interleave them so that refused and good calls share batches
    const order = plan
      .map((p, i) => ({ p, r: (i * 7919) % plan.length }))
      .sort((a, b) => a.r - b.r)
      .map((x) => x.p);

    const answers: CallResult[] = await Promise.all(order.map((p) => call(POST, { headers: idem(headers, p.key), body: p.body })));

    // every call got the answer its own request deserves
    const effect = new Map<string, bigint>();
    const successes: { userRef: string; amount: bigint; balance: bigint }[] = [];
    const sameKey = new Map<string, CallResult[]>();
    order.forEach((p, i) => {
      const res = answers[i];
      if (p.expect === "same-key") return sameKey.set(p.key, [...(sameKey.get(p.key) ?? []), res]);
      if (p.expect !== "ok") {
        expect({ i, status: res.status, code: res.body.code }).toEqual({ i, status: p.expect === "AMOUNT_OUT_OF_RANGE" ? 422 : 404, code: p.expect });
        return;
      }
      expect({ i, status: res.status }).toEqual({ i, status: 201 });
      expect(res.headers.get("idempotent-replayed")).toBeNull();
      expect(res.body.breakdown).toEqual([
        { participant: "pool", direction: "debit", amountUnits: p.body.amountUnits, description: `Credit for order ${p.body.orderId}` },
        {
          participant: "user",
          direction: "credit",
          userRef: p.body.userRef,
          amountUnits: p.body.amountUnits,
          description: `Credit for order ${p.body.orderId}`,
        },
      ]);
      successes.push({ userRef: p.body.userRef, amount: BigInt(p.body.amountUnits), balance: BigInt(res.body.newBalanceUnits) });
    });
    for (const [, pair] of sameKey) {
      const created = pair.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") === null);
      expect(created).toHaveLength(1);
      const other = pair.find((r) => r !== created[0])!;
      if (other.status === 201)
        expect({ replayed: other.headers.get("idempotent-replayed"), body: other.body }).toEqual({ replayed: "true", body: created[0].body });
      else expect({ status: other.status, code: other.body.code }).toEqual({ status: 409, code: "IDEMPOTENCY_IN_PROGRESS" });
      successes.push({ userRef: created[0].body.breakdown[1].userRef, amount: 100n, balance: BigInt(created[0].body.newBalanceUnits) });
    }
    for (const s of successes) effect.set(s.userRef, (effect.get(s.userRef) ?? 0n) + s.amount);

    // each player's answers are the running balance: sorted, each step is that credit's amount
    for (const userRef of users.slice(0, 3)) {
      const mine = successes.filter((s) => s.userRef === userRef).sort((a, b) => (a.balance < b.balance ? -1 : 1));
      let before = 0n;
      for (const s of mine) {
        expect(s.balance - before).toBe(s.amount);
        before = s.balance;
      }
      expect(await balanceOf(currencyId, userRef)).toBe(effect.get(userRef));
    }
    expect(await balanceOf(richCurrency, rich)).toBe(MAX_BIGINT);

    // the ledger holds exactly the successes: one journal each, balanced books, one stored answer each
    const db = getDb();
    const journals = await db.ledgerJournal.findMany({ where: { asset: vcAsset(currencyId), type: "credit" }, select: { createdAt: true } });
    expect(journals).toHaveLength(successes.length - 1);
    expect(await checkVcLedgerInvariants(db, { asset: vcAsset(currencyId), environment: "test" })).toMatchObject({
      sum: 0n,
      negativeAccounts: [],
      driftedAccounts: [],
      unbalancedJournals: [],
      miscountedTenants: [],
      misstatedJournals: [],
    });
    const keys = plan.map((p) => p.key);
    const stored = await db.idempotencyRecord.findMany({ where: { scope: `server:${game.id}`, key: { in: keys } } });
    expect(stored).toHaveLength(successes.length);
    expect(new Set(stored.map((r) => r.responseStatus))).toEqual(new Set([201]));
    // and the calls were written together: journals of one transaction share its timestamp
    expect(new Set(journals.map((j) => j.createdAt.getTime())).size).toBeLessThan(journals.length);

    // a retry of any call answers as before; a refused one is refused again, and nothing moves
    const before = await balanceOf(currencyId, users[0]);
    const once = order.filter((p, i) => order.findIndex((q) => q.key === p.key) === i);
    const retried = await Promise.all(once.map((p) => call(POST, { headers: idem(headers, p.key), body: p.body })));
    once.forEach((p, i) => {
      if (p.expect === "ok" || p.expect === "same-key")
        expect({ status: retried[i].status, replayed: retried[i].headers.get("idempotent-replayed") }).toEqual({ status: 201, replayed: "true" });
      else expect(retried[i].body.code).toBe(p.expect);
    });
    expect(await balanceOf(currencyId, users[0])).toBe(before);
    expect(await db.ledgerJournal.count({ where: { asset: vcAsset(currencyId) } })).toBe(journals.length);
  });
});

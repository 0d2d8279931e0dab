// Group commit (lib/http/run-grouped.ts, lib/core/group-commit.ts) writes concurrent credits together, but
// only credits of one caller: the batch runs the route's `grouped` with the first call's context (its game,
// its currencies, its players). Batches keyed by environment alone would put two games' credits in one
// batch, and the second game's credits would be looked up in the first game's books. Two games crediting
// at once, with one group-commit transaction in flight, must each get 201 for every credit and move only
// their own players' balances.
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { vcAsset } from "@/lib/ledger/accounts";
import { call, type CallResult } from "@/tests/support/http";
import { balanceOf, idem, makeVcGame, poolBalanceOf } from "@/tests/support/vc";
import { POST as CREDIT } from "@/app/api/v1/vc/credits/route";

const db = () => getDb();

describe("Group commit batches per caller, never across games", () => {
  beforeEach(() => {
    // one batch in flight at a time: every call that arrives meanwhile joins the next batch
    process.env.GROUP_COMMIT_IN_FLIGHT = "1";
  });
  afterEach(() => {
    delete process.env.GROUP_COMMIT_IN_FLIGHT;
  });

  it("two games crediting at once: every credit 201 with its own game's balance; only their own balances move", async () => {
    const a = await makeVcGame({ players: 2 });
    const b = await makeVcGame({ players: 2 });
    type Planned = { game: typeof a; userRef: string; amount: number; key: string; orderId: string };
    const plan: Planned[] = [];
    for (let i = 0; i < 24; i++) {
      const game = i % 2 === 0 ? a : b;
      plan.push({ game, userRef: game.users[i % 4 < 2 ? 0 : 1], amount: 1 + i, key: randomUUID(), orderId: `o-${i}` });
    }

    const answers: CallResult[] = await Promise.all(
      plan.map((p) =>
        call(CREDIT, {
          headers: idem(p.game.headers, p.key),
          body: { currencyId: p.game.currencyId, userRef: p.userRef, amountUnits: String(p.amount), orderId: p.orderId },
        }),
      ),
    );

    plan.forEach((p, i) => {
      const res = answers[i];
      expect({ i, status: res.status, code: res.body.code }).toEqual({ i, status: 201, code: undefined });
      expect(res.headers.get("idempotent-replayed")).toBeNull();
      expect(res.body.breakdown[1]).toEqual({
        participant: "user",
        direction: "credit",
        userRef: p.userRef,
        amountUnits: String(p.amount),
        description: `Credit for order ${p.orderId}`,
      });
    });

    // each player's balance is exactly the sum of the credits sent to them, each pool paid exactly its own
    for (const game of [a, b]) {
      let paid = 0;
      for (const userRef of game.users) {
        const sum = plan.filter((p) => p.game === game && p.userRef === userRef).reduce((s, p) => s + p.amount, 0);
        paid += sum;
        expect({ userRef, balance: await balanceOf(game.currencyId, userRef) }).toEqual({ userRef, balance: BigInt(sum) });
        // neither game's players hold the other game's currency
        const other = game === a ? b : a;
        expect(await balanceOf(other.currencyId, userRef)).toBe(0n);
      }
      expect(await poolBalanceOf(game.currencyId)).toBe(BigInt(-paid));
      const journals = await db().ledgerJournal.findMany({ where: { asset: vcAsset(game.currencyId), type: "credit" }, select: { tenantId: true } });
      expect(journals).toHaveLength(plan.filter((p) => p.game === game).length);
      expect(new Set(journals.map((j) => j.tenantId))).toEqual(new Set([game.game.id]));
      // each answer stored under its own game's scope
      const keys = plan.filter((p) => p.game === game).map((p) => p.key);
      expect(await db().idempotencyRecord.count({ where: { scope: `server:${game.game.id}`, key: { in: keys } } })).toBe(keys.length);
    }

    // the two games' calls were written in batches (journals of one transaction share its timestamp), so
    // the test exercised group commit and not only calls one by one
    const all = await db().ledgerJournal.findMany({
      where: { asset: { in: [vcAsset(a.currencyId), vcAsset(b.currencyId)] }, type: "credit" },
      select: { createdAt: true },
    });
    expect(new Set(all.map((j) => j.createdAt.getTime())).size).toBeLessThan(all.length);
  });
});

// Two concurrent transitions of one row, against PostgreSQL: exactly one wins, the other gets the 409
// naming the state the winner left.
// Plain pg, not lib/db: lib/core depends on nothing in lib/, its tests included.
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transitionConflict, guardedTransition, type StateTable } from "./state-machine.ts";

type S = "pending" | "approved" | "canceled";
const TABLE: StateTable<"approve" | "cancel", S> = {
  approve: { from: ["pending"], to: "approved" },
  cancel: { from: ["pending"], to: "canceled" },
};

let pool: pg.Pool;
const stateOf = async (c: pg.Pool | pg.PoolClient, id: string) =>
  (await c.query<{ state: string }>("SELECT state FROM sm_race WHERE id = $1", [id])).rows[0]?.state ?? null;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 }); // the file's own database (tests/file-setup.ts)
  // the file's database is dropped WITH (FORCE) after the file: a connection still closing then must not crash the run
  pool.on("error", () => undefined);
  await pool.query("CREATE TABLE sm_race (id text PRIMARY KEY, state text NOT NULL)");
});
afterAll(async () => {
  await pool.query("DROP TABLE IF EXISTS sm_race");
  await pool.end();
});

/** One transaction: the guarded transition, then a pause holding the row lock while the other one tries. */
const act = async (id: string, action: "approve" | "cancel", holdMs: number): Promise<S> => {
  const c = await pool.connect();
  try {
    await c.query("BEGIN");
    const r = await guardedTransition(TABLE, action, {
      write: async (from, to) => ({
        count: (await c.query("UPDATE sm_race SET state = $1 WHERE id = $2 AND state = ANY($3)", [to, id, [...from]])).rowCount ?? 0,
      }),
      current: () => stateOf(c, id),
      refuse: (state) => transitionConflict("PURCHASE_NOT_PENDING", `Row ${id}`, state ?? "missing", TABLE[action]),
    });
    await sleep(holdMs);
    await c.query("COMMIT");
    return r.to;
  } catch (e) {
    await c.query("ROLLBACK");
    throw e;
  } finally {
    c.release();
  }
};

describe("guardedTransition under a race (PostgreSQL)", () => {
  it("of two concurrent transitions of one row exactly one wins; the other gets 409 naming the winner's state", async () => {
    for (let round = 0; round < 5; round++) {
      const id = `row_${round}`;
      await pool.query("INSERT INTO sm_race (id, state) VALUES ($1, 'pending')", [id]);
      const results = await Promise.allSettled([act(id, "approve", 50), act(id, "cancel", 50)]);
      const won = results.filter((r) => r.status === "fulfilled");
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      const final = await stateOf(pool, id);
      expect(final).toBe((won[0] as PromiseFulfilledResult<S>).value);
      expect(lost[0]!.reason).toMatchObject({
        code: "PURCHASE_NOT_PENDING",
        status: 409,
        message: `Row ${id} is ${final}; only a pending one can be ${final === "approved" ? "canceled" : "approved"}.`,
      });
    }
  });
});

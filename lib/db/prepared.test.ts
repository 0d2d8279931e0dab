import { describe, expect, it } from "vitest";
import { getDb } from "./client.ts";
import { Prisma } from "./generated/client.ts";
import { queryPrepared } from "./prepared.ts";
import { inTransaction } from "./transaction.ts";

type Row = { names: string[]; x: number; big: string | bigint };

describe("queryPrepared", () => {
  it("on the process-wide client: a named statement, one name per SQL text, planned once generically, with its values", async () => {
    // each connection's prepared statements, with how often each was planned generically and custom
    const statement = (x: number) =>
      Prisma.sql`SELECT array(SELECT name || ' ' || generic_plans || ' ' || custom_plans FROM pg_prepared_statements ORDER BY name) AS names,
                        ${x}::int AS x, 9007199254740993::int8 AS big`;
    const [first] = await queryPrepared<Row>(getDb(), statement(7));
    const mine = first.names.filter((n) => n.startsWith("coinop_")).map((n) => n.split(" ")[0]);
    expect(mine.length).toBeGreaterThan(0);
    expect(first.x).toBe(7);
    // int8 comes back as node-postgres gives it: a string, exact
    expect(first.big).toBe("9007199254740993");
    const runs = [];
    for (const x of [1, 2, 3, 4, 5, 6, 7, 8]) runs.push(await queryPrepared<Row>(getDb(), statement(x)));
    expect(runs.map(([r]) => r.x)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // the same text has the same name on every connection that ran it, and no connection planned it for its values
    const planned = runs.flatMap(([r]) => r.names.filter((n) => mine.includes(n.split(" ")[0])));
    expect(planned.length).toBe(runs.length);
    for (const line of planned) expect(line).toMatch(/^coinop_[0-9a-f]{16} [1-9][0-9]* 0$/);
  });

  it("inside a transaction: sent through the transaction's client, unnamed, and it sees the transaction's writes", async () => {
    const out = await inTransaction(undefined, async (tx) => {
      await tx.$executeRaw`CREATE TEMP TABLE prepared_probe (v int) ON COMMIT DROP`;
      await tx.$executeRaw`INSERT INTO prepared_probe VALUES (41)`;
      return queryPrepared<{ v: number; names: string[] }>(
        tx,
        Prisma.sql`SELECT v + ${1}::int AS v, array(SELECT name FROM pg_prepared_statements WHERE statement LIKE '%prepared_probe%') AS names FROM prepared_probe`,
      );
    });
    expect(out).toEqual([{ v: 42, names: [] }]);
  });
});

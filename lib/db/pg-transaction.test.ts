import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "./client.ts";
import { Prisma } from "./generated/client.ts";
import { inPgTransaction } from "./pg-transaction.ts";

const sequence = (objectKey: string) => getDb().objectSequence.findUnique({ where: { objectKey } });

describe("inPgTransaction", () => {
  it("commits what the function wrote, and gives values as Prisma's $queryRaw does (int8 a bigint, a timestamp its UTC time)", async () => {
    const key = `pg-tx-${randomUUID()}`;
    const rows = await inPgTransaction(async (tx) => {
      const inserted = await tx.$executeRaw`INSERT INTO "ObjectSequence" ("objectKey", "last") VALUES (${key}, 3)`;
      // a Prisma.sql works as the tagged template does
      const read = await tx.$queryRaw<{ last: number; big: bigint; at: Date; names: string[] }[]>(
        Prisma.sql`SELECT "last", 9007199254740993::int8 AS big, '2026-11-29 10:20:30.456'::timestamp(3) AS at, ARRAY['a', 'b'] AS names
                   FROM "ObjectSequence" WHERE "objectKey" = ${key}`,
      );
      return { inserted, read };
    });
    expect(rows).toEqual({ inserted: 1, read: [{ last: 3, big: 9007199254740993n, at: new Date("2026-11-29T10:20:30.456Z"), names: ["a", "b"] }] });
    expect(await sequence(key)).toEqual({ objectKey: key, last: 3 });
    // the same text again on the pool: a named statement, prepared once on that connection
    const prepared = await inPgTransaction(
      (tx) => tx.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pg_prepared_statements WHERE name LIKE 'coinop_%' AND statement LIKE '%ObjectSequence%'`,
    );
    expect(prepared[0].n).toBeGreaterThanOrEqual(1n);
  });

  it("rolls back everything the function wrote when it throws, and the error reaches the caller", async () => {
    const key = `pg-tx-${randomUUID()}`;
    const failure = new Error("refused after writing");
    await expect(
      inPgTransaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO "ObjectSequence" ("objectKey", "last") VALUES (${key}, 1)`;
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await sequence(key)).toBeNull();
    // a statement PostgreSQL refuses: the same, and the pool's client is usable afterwards
    await expect(
      inPgTransaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO "ObjectSequence" ("objectKey", "last") VALUES (${key}, 1)`;
        await tx.$executeRaw`INSERT INTO "ObjectSequence" ("objectKey", "last") VALUES (${key}, 2)`;
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect(await sequence(key)).toBeNull();
    expect(await inPgTransaction((tx) => tx.$queryRaw<{ one: number }[]>`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });

  it("runs the function again after a serialization failure or a deadlock (a fresh transaction each time), up to 3 times", async () => {
    const key = `pg-tx-${randomUUID()}`;
    let attempts = 0;
    const out = await inPgTransaction(async (tx) => {
      attempts++;
      await tx.$executeRaw`INSERT INTO "ObjectSequence" ("objectKey", "last") VALUES (${key}, ${attempts})`;
      // PostgreSQL's own error, with its code: the first attempt fails with 40001, the second with 40P01
      if (attempts === 1) await tx.$executeRaw`DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = '40001'; END $$`;
      if (attempts === 2) await tx.$executeRaw`DO $$ BEGIN RAISE EXCEPTION 'deadlock' USING ERRCODE = '40P01'; END $$`;
      return attempts;
    });
    expect(out).toBe(3);
    // only the last attempt's row is kept
    expect(await sequence(key)).toEqual({ objectKey: key, last: 3 });

    let tries = 0;
    await expect(
      inPgTransaction(async (tx) => {
        tries++;
        await tx.$executeRaw`DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = '40001'; END $$`;
      }),
    ).rejects.toMatchObject({ code: "40001" });
    expect(tries).toBe(3);
  });
});

// The second transaction path of lib/db (docs/decisions/pg-transaction-path.md): one pooled node-postgres client,
// BEGIN … COMMIT, every statement a named prepared statement. For a hot path whose statements are few and
// set-based (the grouped credits, lib/vc/credit-many.ts): Prisma's interactive transaction costs a round trip for
// BEGIN and COMMIT too, but also its own handling of every statement and, since it sends them unnamed, PostgreSQL's
// parse and plan of each. The statements are the same: the client has Prisma's `$queryRaw` and `$executeRaw`
// (a tagged template or a Prisma.sql), so the ledger's, the idempotency's and the outbox's SQL, written once for
// Prisma, runs here unchanged (SqlClient), with values as Prisma gives them (int8 as bigint, a timestamp as the
// UTC time it holds).
import pg from "pg";
import { transactionPoolOf } from "./client.ts";
import { Prisma } from "./generated/client.ts";
import { statementName } from "./prepared.ts";
import { pgCode, RETRYABLE, type SqlClient } from "./transaction.ts";

const INT8 = 20;
const TIMESTAMP = 1114;

/** Values as Prisma's $queryRaw gives them: int8 as bigint; a timestamp (UTC wall time, as the columns hold it) as that UTC time. */
const types = {
  getTypeParser: (oid: number, format?: "text" | "binary") => {
    if (oid === INT8) return (v: string) => BigInt(v);
    if (oid === TIMESTAMP) return (v: string) => new Date(`${v.replace(" ", "T")}Z`);
    return pg.types.getTypeParser(oid, format ?? "text");
  },
};

const statementOf = (query: TemplateStringsArray | Prisma.Sql, values: unknown[]): Prisma.Sql =>
  query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values);

/** A client of the pool inside BEGIN … COMMIT, as a SqlClient: each statement named (parsed once a connection). */
const sqlClientOf = (client: pg.PoolClient): SqlClient => {
  const run = (statement: Prisma.Sql) =>
    client.query({ name: statementName(statement.text), text: statement.text, values: statement.values as unknown[], types } as pg.QueryConfig);
  return {
    $queryRaw: async <T = unknown>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T> =>
      (await run(statementOf(query, values))).rows as T,
    $executeRaw: async (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<number> =>
      (await run(statementOf(query, values))).rowCount ?? 0,
  };
};

/**
 * Runs `fn` in one transaction on a client of the process-wide pool (the one Prisma's adapter uses, so the
 * connections stay bounded by DATABASE_POOL_SIZE): BEGIN, `fn`'s statements, COMMIT; ROLLBACK when `fn` throws.
 * A serialization failure or a deadlock retries the whole function (up to 3 times), as inTransaction does. A
 * client whose ROLLBACK fails is destroyed, not returned to the pool.
 */
export const inPgTransaction = async <T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> => {
  const pool = transactionPoolOf();
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query("BEGIN");
      const out = await fn(sqlClientOf(client));
      await client.query("COMMIT");
      return out;
    } catch (err) {
      await client.query("ROLLBACK").catch((e: Error) => (broken = e));
      const code = pgCode(err);
      if (!broken && attempt < 3 && code && RETRYABLE.has(code)) continue;
      throw err;
    } finally {
      client.release(broken);
    }
  }
};

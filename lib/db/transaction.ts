import type { Prisma } from "./generated/client.ts";
import { getDb, type Db } from "./client.ts";

/** The Prisma client or an open interactive transaction. */
export type DbClient = Db | Prisma.TransactionClient;

/**
 * The context of a service that must run inside its caller's open transaction (it locks rows or moves a
 * state the caller's other writes depend on): `{ ...ctx, db: tx }` inside `inTransaction`.
 */
export type TxContext = { db: Prisma.TransactionClient };

// Registers DbClient as the type of ServiceContext.db (core cannot import lib/db; see lib/core/context.ts).
declare module "../core/context.ts" {
  interface CoreTypes {
    db: DbClient;
  }
}

/**
 * What a statement-level helper needs of a database handle: raw SQL, as a tagged template or a Prisma.sql. The
 * Prisma client, its interactive transaction, and the node-postgres transaction of lib/db/pg-transaction.ts all
 * have it, so a helper typed with it (the ledger's write path, the idempotency records) runs on any of them.
 */
export type SqlClient = {
  $queryRaw<T = unknown>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T>;
  $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<number>;
};

export const RETRYABLE = new Set(["40001", "40P01"]); // serialization failure, deadlock detected

const pgCode = (err: unknown): string | undefined => {
  let e = err as { code?: string; cause?: unknown; meta?: { code?: string; driverAdapterError?: { cause?: { originalCode?: string } } } } | undefined;
  for (let i = 0; e && i < 5; i++) {
    const code =
      e.meta?.driverAdapterError?.cause?.originalCode ?? e.meta?.code ?? (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined);
    if (code) return code;
    e = e.cause as typeof e;
  }
  return undefined;
};

/**
 * An interactive transaction client lacks $connect. (Since Prisma 7 it does have $transaction, which
 * opens a nested transaction: a SAVEPOINT and a RELEASE, two more round trips per nesting level.)
 */
export const isInTransaction = (db: DbClient): db is Prisma.TransactionClient => !("$connect" in db);

/**
 * Runs `fn` in one database transaction. Inside an open transaction it simply joins it, so services
 * compose. A serialization failure or a deadlock retries the whole function (up to 3 times).
 */
export const inTransaction = async <T>(db: DbClient | undefined, fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> => {
  const client = db ?? getDb();
  if (isInTransaction(client)) return fn(client);
  const root = client as Db;
  for (let attempt = 1; ; attempt++) {
    try {
      return await root.$transaction(fn, { maxWait: 60_000, timeout: 60_000 });
    } catch (err) {
      const code = pgCode(err);
      if (attempt < 3 && code && RETRYABLE.has(code)) continue;
      throw err;
    }
  }
};

/**
 * inTransaction for a helper written with SqlClient (raw SQL only): inside an open transaction, Prisma's or
 * node-postgres's (lib/db/pg-transaction.ts), it joins it; on the Prisma client (or none) it opens one there.
 */
export const inSqlTransaction = <T>(db: SqlClient | undefined, fn: (tx: SqlClient) => Promise<T>): Promise<T> =>
  db && !("$connect" in db) ? fn(db) : inTransaction(db as Db | undefined, fn);

export { pgCode };

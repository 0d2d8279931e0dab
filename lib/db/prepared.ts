// Hot reads as named prepared statements, planned once. Prisma's $queryRaw sends every statement unnamed,
// so PostgreSQL parses and plans it on every call: the journals page (lib/vc/list-journals.ts) spent about
// 1.4 of its 3.1 ms of PostgreSQL CPU planning (pgbench, 8 clients, simple against prepared protocol,
// docs/benchmarks.md). Here a statement is parsed once per connection (node-postgres keeps the names it
// prepared on each connection) and planned once, generically: the connections of this pool run with
// plan_cache_mode = force_generic_plan (lib/db/client.ts, genericPlanPoolOf), because in the default mode
// PostgreSQL kept re-planning a page whose LIMIT and OFFSET are parameters (a generic plan assumes 10% of the
// rows for a parameter LIMIT, so it never looked cheaper than a custom one).
//
// So a statement sent here must have a good generic plan: bound what a parameter LIMIT or OFFSET can return
// with a constant LIMIT around it (list-journals.ts does), and check `EXPLAIN EXECUTE` of the prepared
// statement. Only outside a transaction: inside one (or on another client) the statement goes through that
// client's $queryRaw, planned per call. Values come back as node-postgres gives them (int8 as a string, read
// counts with Number()); through $queryRaw as Prisma gives them (int8 as bigint).
import { createHash } from "node:crypto";
import { genericPlanPoolOf } from "./client.ts";
import { replicaGenericPoolOf } from "./replica.ts";
import type { Prisma } from "./generated/client.ts";
import type { DbClient } from "./transaction.ts";

const names = new Map<string, string>();

/** A statement's name: one per distinct SQL text (node-postgres refuses one name for two texts). */
export const statementName = (text: string): string => {
  let name = names.get(text);
  if (!name) names.set(text, (name = `coinop_${createHash("sha256").update(text).digest("hex").slice(0, 16)}`));
  return name;
};

/** Runs `statement` as a named prepared statement with a generic plan (see above); rows as plain objects. */
export const queryPrepared = async <Row extends Record<string, unknown>>(db: DbClient, statement: Prisma.Sql): Promise<Row[]> => {
  const pool = genericPlanPoolOf(db) ?? replicaGenericPoolOf(db);
  if (!pool) return db.$queryRaw<Row[]>(statement);
  const { rows } = await pool.query<Row>({ name: statementName(statement.text), text: statement.text, values: statement.values });
  return rows;
};

/**
 * Runs `statement` on node-postgres, unnamed (parsed and planned on every call), outside a transaction: for a
 * statement whose text varies (a multi-row VALUES), which would fill each connection with one prepared statement
 * per variant. It still skips Prisma's handling of the parameters (about 1 us each: a batch of request-log rows has
 * hundreds). Inside a transaction (or on another client) it goes through that client's $executeRaw.
 */
export const executeDirect = async (db: DbClient, statement: Prisma.Sql): Promise<void> => {
  const pool = genericPlanPoolOf(db);
  if (!pool) {
    await db.$executeRaw(statement);
    return;
  }
  await pool.query({ text: statement.text, values: statement.values });
};

// Captures the SQL the code actually sends (a spy on pg.Client#query, which Prisma's pg adapter and the raw
// queries all go through), and optionally EXPLAIN (ANALYZE, BUFFERS)es each statement in place: on the same
// connection, just before the statement runs, inside a savepoint that is rolled back (or BEGIN … ROLLBACK
// outside a transaction). So a plan is the one of the real statement with its real parameters, in its real
// transaction (locks held, rows written earlier in it visible), and what EXPLAIN ANALYZE executed (a write, a
// FOR UPDATE) leaves nothing behind. Nothing is retyped: when the hot path changes, the plans follow it.
import pg from "pg";

export type Captured = {
  label: string;
  text: string;
  values: unknown[];
  /** inside a transaction block when it ran */
  inTransaction: boolean | null;
  plan: string | null;
  /** "Execution Time" of the plan, ms */
  executionMs: number | null;
  error: string | null;
};

/** Statements that have no plan worth printing (transaction control, session settings, advisory locks). */
const NO_PLAN = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|SET\s|SHOW\s|DEALLOCATE|LISTEN|UNLISTEN|SELECT\s+pg_(try_)?advisory)/i;

/** A name for each statement of the hot paths; anything else is named by its first words. */
const LABELS: [RegExp, string][] = [
  [/FROM "ApiKey"/, "authenticate: API key with its game/campaign/platform (lib/http/authenticate.ts)"],
  [/pg_try_advisory_xact_lock/, "idempotency: claim the key (advisory lock, lib/http/idempotency.ts)"],
  [/^\s*SELECT[\s\S]*"IdempotencyRecord"/, "idempotency: stored response? (lib/http/idempotency.ts)"],
  [/^\s*INSERT INTO[\s\S]*"IdempotencyRecord"/, "idempotency: store the response"],
  [/^\s*WITH cur AS/, "journals: the currency, the total and the page written as JSON, one statement (lib/vc/list-journals.ts)"],
  [/"VirtualCurrency"/, "currency lookup (lib/currencies/find-currency.ts)"],
  [/"PlayerLink"/, "player link lookup (lib/linking/resolve-user-ref.ts)"],
  [/^\s*WITH found AS/, "lockAccounts (lib/ledger/lock-accounts.ts)"],
  [/^\s*INSERT INTO "LedgerAccount"/, "create missing accounts (lib/ledger/ensure-accounts.ts)"],
  [/^\s*WITH upd AS/, "write the journal: balances, journal, postings (lib/ledger/post-journal.ts)"],
  [/^\s*SELECT[\s\S]*FROM "public"\."LedgerAccount" WHERE[\s\S]*"ownerRef"/, "balance read (lib/ledger/get-account-balance.ts)"],
  [/"RequestLog"|"AuditEntry"/, "request log batch (background)"],
];

export const labelOf = (text: string): string => LABELS.find(([re]) => re.test(text))?.[1] ?? `other: ${text.trim().replace(/\s+/g, " ").slice(0, 70)}`;

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;

const explainInPlace = async (client: pg.Client, original: QueryFn, entry: Captured) => {
  const q = (sql: string, values?: unknown[]) => original.call(client, sql, values) as Promise<pg.QueryResult>;
  let inTransaction = true;
  try {
    await q("SAVEPOINT bench_explain");
  } catch {
    inTransaction = false; // "SAVEPOINT can only be used in transaction blocks": nothing was changed
    await q("BEGIN");
  }
  entry.inTransaction = inTransaction;
  try {
    const r = await q(`EXPLAIN (ANALYZE, BUFFERS) ${entry.text}`, entry.values);
    entry.plan = r.rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n");
    const m = /Execution Time: ([\d.]+) ms/.exec(entry.plan);
    entry.executionMs = m ? Number(m[1]) : null;
  } catch (e) {
    entry.error = e instanceof Error ? e.message : String(e);
  } finally {
    if (inTransaction) {
      await q("ROLLBACK TO SAVEPOINT bench_explain");
      await q("RELEASE SAVEPOINT bench_explain");
    } else await q("ROLLBACK");
  }
};

/** Runs `fn` and returns every statement it sent, in order; with `explain`, each with its plan. */
export const captureStatements = async (fn: () => Promise<unknown>, { explain }: { explain: boolean }): Promise<Captured[]> => {
  const out: Captured[] = [];
  const original = pg.Client.prototype.query as unknown as QueryFn;
  const spy = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: unknown; values?: unknown } | undefined;
    const text = typeof first === "string" ? first : first && typeof first.text === "string" ? first.text : null;
    if (text === null) return original.apply(this, args);
    const values = typeof first === "object" && Array.isArray(first.values) ? first.values : Array.isArray(args[1]) ? (args[1] as unknown[]) : [];
    const entry: Captured = { label: labelOf(text), text: text.trim(), values, inTransaction: null, plan: null, executionMs: null, error: null };
    out.push(entry);
    if (!explain || NO_PLAN.test(text)) return original.apply(this, args);
    const callback = typeof args[args.length - 1] === "function" ? (args.pop() as (err: unknown, res?: unknown) => void) : null;
    const run = (async () => {
      await explainInPlace(this, original, entry);
      return original.apply(this, args);
    })();
    if (!callback) return run;
    run.then(
      (res) => callback(null, res),
      (err) => callback(err),
    );
    return undefined;
  };
  pg.Client.prototype.query = spy as unknown as typeof pg.Client.prototype.query;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = original as unknown as typeof pg.Client.prototype.query;
  }
  return out;
};

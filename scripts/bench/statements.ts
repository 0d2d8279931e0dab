// BENCH_PG_STATEMENTS=1: what PostgreSQL spent each scenario on, statement by statement (pg_stat_statements, loaded
// into the embedded server for that run only: scripts/bench/database.ts). Reset before a scenario, read after it:
// the costliest statements by execution time, with their calls and time per request of the scenario.
import pg from "pg";

export type StatementCost = { query: string; calls: number; totalMs: number; msPerRequest: number; rows: number };

const withClient = async <T>(url: string, f: (c: pg.Client) => Promise<T>): Promise<T> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
};

/** Creates the extension in the pass's database (the library is preloaded by the server's settings). */
export const installStatements = (url: string) => withClient(url, (c) => c.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements").then(() => undefined));

export const resetStatements = (url: string) => withClient(url, (c) => c.query("SELECT pg_stat_statements_reset()").then(() => undefined));

/** The `top` costliest statements of this database since the last reset, per request of the scenario. */
export const readStatements = (url: string, requests: number, top = 8): Promise<StatementCost[]> =>
  withClient(url, async (c) => {
    // statements that differ only past their beginning (a multi-row VALUES of each batch size) count as one
    const { rows } = await c.query<{ query: string; calls: string; total: number; rows: string }>(
      `SELECT left(regexp_replace(s.query, '\\s+', ' ', 'g'), 140) AS query, sum(s.calls)::text AS calls, sum(s.total_exec_time) AS total,
              sum(s.rows)::text AS rows
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
       WHERE d.datname = current_database() AND s.query NOT LIKE '%pg_stat_statements%'
       GROUP BY 1 ORDER BY 3 DESC LIMIT $1`,
      [top],
    );
    return rows.map((r) => ({
      query: r.query,
      calls: Number(r.calls),
      totalMs: Math.round(r.total),
      msPerRequest: requests > 0 ? Math.round((r.total / requests) * 1000) / 1000 : 0,
      rows: Number(r.rows),
    }));
  });

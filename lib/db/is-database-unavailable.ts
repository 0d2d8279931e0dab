// Whether an error means "the database cannot be reached right now" (stopped, restarting, unreachable,
// the connection cut, the pool unable to connect in time), as opposed to a bug or a bad request. The
// /v1 kernel answers these with 503 SERVICE_UNAVAILABLE and Retry-After instead of a 500
// (docs/reliability.md, "The database goes away").

/** Seconds a 503 SERVICE_UNAVAILABLE asks the client to wait before retrying. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** Prisma codes: can't reach the server (P1001), timed out (P1002, P1008), server closed the connection (P1017), pool timeout (P2024). */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
/** Driver adapter error kinds (@prisma/adapter-pg) of a lost or unreachable server. */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
/** Node socket errors of a refused, reset or timed-out connection. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01-57P03 (admin shutdown, crash shutdown,
 * cannot connect now: starting up or shutting down), 53300 (too many connections).
 */
const isUnavailableSqlState = (code: string) => /^08/.test(code) || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300";
/** Messages of node-postgres and pg-pool without a code (a cut connection, a pool that could not connect in time). */
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /terminating connection due to administrator command/i,
  /server closed the connection unexpectedly/i,
  /Can't reach database server/i,
  /connect ECONNREFUSED/i,
];

type Walkable = {
  code?: unknown;
  errno?: unknown;
  kind?: unknown;
  message?: unknown;
  cause?: unknown;
  originalCode?: unknown;
  meta?: { code?: unknown; driverAdapterError?: unknown };
};

/** Walks the error, its causes and Prisma's wrapped driver error, looking for a sign of an unreachable database. */
export const isDatabaseUnavailable = (err: unknown): boolean => {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length && seen.size < 20) {
    const e = queue.shift() as Walkable | undefined;
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const code = typeof e.code === "string" ? e.code : undefined;
    if (code && (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)))) return true;
    if (typeof e.originalCode === "string" && isUnavailableSqlState(e.originalCode)) return true;
    if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
    if (typeof e.message === "string" && MESSAGES.some((m) => m.test(e.message as string))) return true;
    if (e.meta && typeof e.meta === "object") {
      if (typeof e.meta.code === "string" && PRISMA_CODES.has(e.meta.code)) return true;
      queue.push(e.meta.driverAdapterError);
    }
    queue.push(e.cause);
  }
  return false;
};

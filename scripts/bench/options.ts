// The options of `npm run bench`, from the environment (documented in docs/benchmarks.md, "Options").
// Read once at start; every other bench module takes them from here.

export const SCENARIOS = ["credits", "ceiling", "balances", "game", "user", "journals", "portal", "products", "checkout"] as const;
export type Scenario = (typeof SCENARIOS)[number];

const num = (name: string, fallback: number, { min = 0 }: { min?: number } = {}): number => {
  const raw = process.env[name];
  const n = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number >= ${min}, got "${raw}"`);
  return n;
};

const flag = (name: string): boolean => {
  const raw = (process.env[name] ?? "").trim().toLowerCase();
  return raw !== "" && raw !== "0" && raw !== "false" && raw !== "no";
};

/** BENCH_ONLY=credits,balances (comma list of SCENARIOS); unset or empty: all of them. */
const only = (): ReadonlySet<Scenario> => {
  const raw = (process.env.BENCH_ONLY ?? "").trim();
  if (!raw) return new Set(SCENARIOS);
  const names = raw
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((n) => !(SCENARIOS as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown scenario ${unknown.join(", ")} (known: ${SCENARIOS.join(", ")})`);
  return new Set(names as Scenario[]);
};

/** BENCH_PG_SHARED_BUFFERS: a PostgreSQL memory size such as 1GB or 512MB (default 1GB). */
const sharedBuffers = (): string => {
  const raw = (process.env.BENCH_PG_SHARED_BUFFERS ?? "").trim() || "1GB";
  if (!/^[0-9]+(kB|MB|GB)$/.test(raw)) throw new Error(`BENCH_PG_SHARED_BUFFERS must be a size such as 1GB or 512MB, got "${raw}"`);
  return raw;
};

export const readOptions = () => {
  // long enough that a p99 is a few hundred requests, not a stall of the first second (docs/benchmarks.md, "Warm-up")
  const credits = num("BENCH_CREDITS", 15000);
  const balanceReads = num("BENCH_BALANCE_READS", 30000);
  return {
    credits,
    balanceReads,
    /** GET /v1/vc/journals (first page) requests */
    journalReads: num("BENCH_JOURNAL_READS", 20000),
    /**
     * issue 32, target 2: the read scenarios (balances, game, user, journals) sent at this many requests a second
     * (paced: a latency at a given throughput, not the closed loop's queue); 0: as fast as the connections go
     */
    readRate: num("BENCH_READ_RATE", 2000),
    /** GET /v1/game requests (issue 32, target 2) */
    gameReads: num("BENCH_GAME_READS", 20000),
    /** GET /v1/users/{userRef} requests, random players (issue 32, target 2) */
    userReads: num("BENCH_USER_READS", 20000),
    /** requests of each portal page (overview, journals, request log, a player), signed in (issue 32, target 4) */
    portalPages: num("BENCH_PORTAL_PAGES", 200),
    /** connections of the portal pages: a few members at once, not a load test of HTML */
    portalConnections: num("BENCH_PORTAL_CONNECTIONS", 2, { min: 1 }),
    /** unmeasured requests of each portal page first (a fresh process compiles each page on first use) */
    portalWarmup: num("BENCH_PORTAL_WARMUP", 20),
    /** connections of the journals scenario (default BENCH_CONNECTIONS) */
    journalConnections: num("BENCH_JOURNAL_CONNECTIONS", num("BENCH_CONNECTIONS", 64, { min: 1 }), { min: 1 }),
    /** the page size of the journals scenario: the spec's example uses 50 */
    journalLimit: num("BENCH_JOURNAL_LIMIT", 50, { min: 1 }),
    connections: num("BENCH_CONNECTIONS", 64, { min: 1 }),
    players: num("BENCH_PLAYERS", 500, { min: 1 }),
    port: num("BENCH_PORT", 3200, { min: 1 }),
    products: num("BENCH_PRODUCTS", 200, { min: 1 }),
    productReads: num("BENCH_PRODUCT_READS", 4000),
    checkoutPages: num("BENCH_CHECKOUT_PAGES", 1000),
    ceilingCredits: num("BENCH_CEILING_CREDITS", credits),
    ceilingClients: num("BENCH_CEILING_CLIENTS", 8, { min: 1 }),
    only: only(),
    /** the embedded server's shared_buffers (when BENCH_DATABASE_URL is not set) */
    pgSharedBuffers: sharedBuffers(),
    /** BENCH_PG_STATEMENTS=1: load pg_stat_statements into the embedded server and print each scenario's costliest statements */
    pgStatements: flag("BENCH_PG_STATEMENTS"),
    /** embedded PostgreSQL port (when BENCH_DATABASE_URL is not set) */
    pgPort: num("EMBEDDED_BENCH_PG_PORT", 54332, { min: 1 }),
    /** an admin connection to a PostgreSQL server; each pass creates (and drops) a database of its own on it */
    adminDatabaseUrl: process.env.BENCH_DATABASE_URL || null,
    /** target 3: run on a bulk-seeded database too (BENCH_LARGE=1), compared with an empty one */
    large: flag("BENCH_LARGE"),
    largeJournals: num("BENCH_LARGE_JOURNALS", 1_000_000),
    largePlayers: num("BENCH_LARGE_PLAYERS", 100_000, { min: 1 }),
    largeIdempotencyRecords: num("BENCH_LARGE_IDEMPOTENCY", 1_000_000),
    /** other games, each with a server key and a currency (the key and currency lookups on realistic tables) */
    largeGames: num("BENCH_LARGE_GAMES", 10_000),
    /** target 5: web processes (ports BENCH_PORT, BENCH_PORT+1, …); >1 also runs a one-process pass to compare */
    webProcesses: Math.floor(num("BENCH_WEB_PROCESSES", 1, { min: 1 })),
    /** worker processes (scripts/worker.ts, as `npm run worker`) in every pass */
    workers: Math.floor(num("BENCH_WORKERS", 1, { min: 1 })),
    /** with BENCH_LARGE or BENCH_WEB_PROCESSES>1: also run the reference pass (empty database, one process); 0 skips it */
    baseline: process.env.BENCH_BASELINE === undefined ? true : flag("BENCH_BASELINE"),
    /**
     * link-session initiations per second sent during the credits (each writes one outbox event); 0: none. Issue 32's
     * target 3 asks for 500/s beside the credits (issue 15's target 4 asked for 50/s)
     */
    eventRate: num("BENCH_EVENT_RATE", 500),
    /** how long to wait after the credits for every event's first delivery attempt */
    outboxWaitSeconds: num("BENCH_OUTBOX_WAIT_S", 120),
    /** requests per web process sent before each scenario and not measured (a fresh process compiles each route on first use) */
    warmup: num("BENCH_WARMUP", 500),
    /** keep each pass's database (it is dropped otherwise) */
    keepDatabase: flag("BENCH_KEEP_DB"),
  };
};

export type BenchOptions = ReturnType<typeof readOptions>;

/** One pass: a fresh database, its web processes and workers, every selected scenario. */
export type PassPlan = { label: string; large: boolean; webProcesses: number; workers: number };

/**
 * The passes a run makes. The reference pass (empty database, one web process) comes first, so that each
 * other pass is compared with it: BENCH_LARGE adds a pass on the bulk-seeded database, BENCH_WEB_PROCESSES>1
 * a pass with that many web processes. BENCH_BASELINE=0 drops the reference pass when another one is asked for.
 */
export const planPasses = (o: BenchOptions): PassPlan[] => {
  const reference: PassPlan = { label: "empty, 1 web process", large: false, webProcesses: 1, workers: o.workers };
  const others: PassPlan[] = [
    ...(o.large ? [{ label: "large, 1 web process", large: true, webProcesses: 1, workers: o.workers }] : []),
    ...(o.webProcesses > 1 ? [{ label: `empty, ${o.webProcesses} web processes`, large: false, webProcesses: o.webProcesses, workers: o.workers }] : []),
  ];
  if (others.length === 0) return [reference];
  return o.baseline ? [reference, ...others] : others;
};

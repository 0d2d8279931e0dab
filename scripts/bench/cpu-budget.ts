// Where a scenario's CPU went, per request: the web processes, PostgreSQL (every `postgres` process: the embedded
// server, or the machine's with BENCH_DATABASE_URL), the workers and this process (the load generator: autocannon or
// the pacer, and the link-event stream beside the credits). Their sum is what one request costs the machine, so
// `cores × 1000 / sum` is the most requests a second the machine could answer with this bench on it (issue 32:
// whether a target fits on two cores at all).
import fs from "node:fs";
import { cpuMsOf } from "./processes.ts";

export type CpuBudget = { webMs: number; postgresMs: number; workerMs: number; loadMs: number; totalMs: number; ceilingPerSecond: number };
export type CpuReading = { web: number; postgres: number; worker: number; load: number };

/**
 * The CPU ms of the bench's PostgreSQL now: the `postgres` processes below this one (the embedded server, which the
 * bench starts), or every `postgres` process of the machine with BENCH_DATABASE_URL (`all`). utime + stime of each,
 * and of its waited-for children.
 */
const postgresMs = ({ all }: { all: boolean }): number => {
  const procs = new Map<number, { ppid: number; comm: string; ticks: number }>();
  let names: string[];
  try {
    names = fs.readdirSync("/proc");
  } catch {
    return 0;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const close = text.lastIndexOf(")");
      const f = text.slice(close + 2).split(" ");
      procs.set(Number(name), {
        ppid: Number(f[1]),
        comm: text.slice(text.indexOf("(") + 1, close),
        ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]),
      });
    } catch {
      // ended between the listing and the read
    }
  }
  const below = (pid: number): boolean => {
    for (let p = procs.get(pid)?.ppid, hops = 0; p !== undefined && p > 1 && hops < 64; p = procs.get(p)?.ppid, hops++) if (p === process.pid) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, s] of procs) if (s.comm === "postgres" && (all || below(pid))) ticks += s.ticks;
  return ticks * 10;
};

/** The CPU ms of each part now; null off Linux. */
export const readCpu = ({
  webCpuMs,
  workerPids,
  postgresIsOwn,
}: {
  webCpuMs: () => number | null;
  workerPids: (number | undefined)[];
  /** every `postgres` process of the machine is the bench's (BENCH_DATABASE_URL) */
  postgresIsOwn: boolean;
}): CpuReading | null => {
  const web = webCpuMs();
  if (web === null) return null;
  let worker = 0;
  for (const pid of workerPids) worker += cpuMsOf(pid) ?? 0;
  const u = process.cpuUsage();
  return { web, postgres: postgresMs({ all: postgresIsOwn }), worker, load: (u.user + u.system) / 1000 };
};

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The CPU a request between two readings, per part, and what it allows: `cores` × 1000 ms / the sum. A backend that
 * ended between the readings (a closed connection) is not counted, so PostgreSQL's figure can only be low.
 */
export const cpuBudget = (a: CpuReading | null, b: CpuReading | null, requests: number, cores: number): CpuBudget | null => {
  if (!a || !b || requests <= 0) return null;
  const per = (x: number, y: number) => Math.max(0, y - x) / requests;
  const webMs = per(a.web, b.web);
  const postgresMs = per(a.postgres, b.postgres);
  const workerMs = per(a.worker, b.worker);
  const loadMs = per(a.load, b.load);
  const totalMs = webMs + postgresMs + workerMs + loadMs;
  return {
    webMs: round(webMs),
    postgresMs: round(postgresMs),
    workerMs: round(workerMs),
    loadMs: round(loadMs),
    totalMs: round(totalMs),
    ceilingPerSecond: totalMs > 0 ? Math.round((cores * 1000) / totalMs) : 0,
  };
};

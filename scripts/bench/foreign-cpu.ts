// How much CPU the rest of the machine used while a scenario ran: processes outside the bench's own tree (the
// bench, its web processes, workers and embedded PostgreSQL), and, with BENCH_DATABASE_URL, outside the
// machine's `postgres` processes too. The load average cannot tell this: the bench's own 64 connections make
// most of it, and it moves by a quarter between two passes of a quiet machine. Two runs are compared only
// when others took little of the machine in both (report.ts, target 3).
import fs from "node:fs";

export type CpuSnapshot = { busy: number; total: number; own: number };

const readStat = (pid: string): { ppid: number; comm: string; ticks: number } | null => {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = text.lastIndexOf(")");
    const comm = text.slice(text.indexOf("(") + 1, close);
    // after ") ": state ppid ... utime(14) stime(15) cutime(16) cstime(17), counted from field 3 at index 0
    const f = text.slice(close + 2).split(" ");
    // cutime/cstime keep the ticks of children that ended and were waited for (a closed connection's backend)
    return { ppid: Number(f[1]), comm, ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) };
  } catch {
    return null; // the process ended between the listing and the read
  }
};

/** The machine's busy and total ticks (/proc/stat) and the ticks of the bench's own processes, now. */
export const cpuSnapshot = ({ postgresIsOwn }: { postgresIsOwn: boolean }): CpuSnapshot | null => {
  let stat: string;
  try {
    stat = fs.readFileSync("/proc/stat", "utf8");
  } catch {
    return null; // not Linux: no figure
  }
  const cpu = stat.split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  const busy = total - cpu[3]! - cpu[4]!; // idle, iowait
  const procs = new Map<number, { ppid: number; comm: string; ticks: number }>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const s = readStat(name);
    if (s) procs.set(Number(name), s);
  }
  const own = new Set<number>([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, s] of procs)
      if (!own.has(pid) && (own.has(s.ppid) || (postgresIsOwn && s.comm === "postgres"))) {
        own.add(pid);
        grew = true;
      }
  }
  let ownTicks = 0;
  for (const pid of own) ownTicks += procs.get(pid)?.ticks ?? 0;
  return { busy, total, own: ownTicks };
};

/**
 * The cores that other processes kept busy on average between two snapshots (0 on an otherwise idle
 * machine), or null when unknown.
 */
export const foreignCores = (a: CpuSnapshot | null, b: CpuSnapshot | null, cores: number): number | null => {
  if (!a || !b || b.total <= a.total) return null;
  const others = Math.max(0, b.busy - a.busy - (b.own - a.own));
  return Math.round((others / (b.total - a.total)) * cores * 100) / 100;
};

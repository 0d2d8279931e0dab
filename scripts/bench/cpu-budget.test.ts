import { describe, expect, it } from "vitest";
import { cpuBudget, readCpu } from "./cpu-budget.ts";

describe("cpuBudget", () => {
  it("splits the CPU a request by part and says how many requests a second the cores allow", () => {
    const a = { web: 1_000, postgres: 500, worker: 100, load: 2_000 };
    const b = { web: 5_000, postgres: 2_500, worker: 100, load: 4_000 };
    // 10,000 requests: web 0.4 + PostgreSQL 0.2 + worker 0 + load 0.2 = 0.8 ms; 2 cores: 2,500/s
    expect(cpuBudget(a, b, 10_000, 2)).toEqual({ webMs: 0.4, postgresMs: 0.2, workerMs: 0, loadMs: 0.2, totalMs: 0.8, ceilingPerSecond: 2_500 });
  });

  it("null without two readings or requests", () => {
    const r = { web: 1, postgres: 1, worker: 1, load: 1 };
    expect(cpuBudget(null, r, 10, 2)).toBeNull();
    expect(cpuBudget(r, r, 0, 2)).toBeNull();
  });

  it("reads this process's CPU and the web processes' from /proc on Linux", () => {
    const before = readCpu({ webCpuMs: () => 10, workerPids: [process.pid], postgresIsOwn: false });
    let x = 0;
    for (let i = 0; i < 3e7; i++) x += i % 7;
    const after = readCpu({ webCpuMs: () => 10, workerPids: [process.pid], postgresIsOwn: false });
    expect(x).toBeGreaterThan(0);
    expect(after!.load).toBeGreaterThan(before!.load);
    expect(after!.worker).toBeGreaterThanOrEqual(before!.worker);
    expect(after!.web).toBe(10);
  });
});

import { describe, expect, it } from "vitest";
import { cpuSnapshot, foreignCores } from "./foreign-cpu.ts";

describe("foreignCores", () => {
  it("is the share of the machine's ticks that were busy outside the bench, in cores", () => {
    // 1,000 ticks passed on 2 cores; 600 busy, 350 of them the bench's: 250 others = a quarter = 0.5 cores
    expect(foreignCores({ busy: 100, total: 1_000, own: 50 }, { busy: 700, total: 2_000, own: 400 }, 2)).toBe(0.5);
  });

  it("is 0 when the bench's processes made all the busy time (their reaped children's ticks can overshoot)", () => {
    expect(foreignCores({ busy: 0, total: 0, own: 0 }, { busy: 500, total: 1_000, own: 520 }, 2)).toBe(0);
  });

  it("is unknown without two snapshots or without time between them", () => {
    expect(foreignCores(null, { busy: 1, total: 2, own: 0 }, 2)).toBeNull();
    expect(foreignCores({ busy: 1, total: 2, own: 0 }, { busy: 1, total: 2, own: 0 }, 2)).toBeNull();
  });
});

describe("cpuSnapshot", () => {
  it("reads this machine's ticks and counts this process's own CPU", () => {
    const a = cpuSnapshot({ postgresIsOwn: false });
    expect(a).not.toBeNull();
    let x = 0;
    for (let i = 0; i < 3e7; i++) x += i % 7;
    expect(x).toBeGreaterThan(0);
    const b = cpuSnapshot({ postgresIsOwn: false })!;
    expect(b.total).toBeGreaterThan(a!.total);
    expect(b.own).toBeGreaterThanOrEqual(a!.own);
    expect(b.own).toBeGreaterThan(0);
    expect(b.busy).toBeGreaterThanOrEqual(a!.busy);
  });
});

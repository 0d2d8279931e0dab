import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createBatcher } from "./batcher";

describe("createBatcher", () => {
  it("under a burst below the bound: loses nothing, writes in batches of at most maxBatch, push never waits", async () => {
    const batches: number[][] = [];
    const b = createBatcher<number>({
      intervalMs: 20,
      maxBatch: 50,
      maxBuffered: 1000,
      write: async (rows) => {
        await sleep(5);
        batches.push(rows);
      },
    });
    for (let i = 0; i < 900; i++) expect(b.push(i)).toBe(true);
    // push returned 900 times before any write finished: it never waits for the database
    expect(batches).toEqual([]);
    await b.drain();
    expect(batches.flat()).toEqual(Array.from({ length: 900 }, (_, i) => i));
    expect(Math.max(...batches.map((x) => x.length))).toBeLessThanOrEqual(50);
    expect(b.stats()).toEqual({ buffered: 0, dropped: 0, flushed: 900, failedBatches: 0 });
  });

  it("is bounded: past maxBuffered rows are dropped and counted, never blocking", async () => {
    const written: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const b = createBatcher<number>({
      intervalMs: 1,
      maxBatch: 10,
      maxBuffered: 100,
      write: async (rows) => {
        await gate; // the database is slow: nothing leaves the buffer meanwhile
        written.push(...rows);
      },
    });
    b.push(-1);
    await sleep(10); // the first flush is now stuck on the gate
    let accepted = 0;
    for (let i = 0; i < 500; i++) if (b.push(i)) accepted++;
    expect(accepted).toBe(100);
    expect(b.stats().dropped).toBe(400);
    release();
    await b.drain();
    expect(written).toEqual([-1, ...Array.from({ length: 100 }, (_, i) => i)]);
    expect(b.stats()).toMatchObject({ buffered: 0, flushed: 101, dropped: 400 });
  });

  it("flushes on its timer without drain, and counts a failed batch without throwing", async () => {
    const seen: number[] = [];
    let fail = true;
    const errors: number[] = [];
    const b = createBatcher<number>({
      intervalMs: 5,
      write: async (rows) => {
        if (fail) throw new Error("database away");
        seen.push(...rows);
      },
      onError: (_e, n) => errors.push(n),
    });
    b.push(1);
    b.push(2);
    await sleep(40);
    expect(errors).toEqual([2]);
    fail = false;
    b.push(3);
    await sleep(40);
    expect(seen).toEqual([3]);
    expect(b.stats()).toEqual({ buffered: 0, dropped: 2, flushed: 1, failedBatches: 1 });
  });

  it("hurry: flushes at once from then on", async () => {
    const seen: number[] = [];
    const b = createBatcher<number>({ intervalMs: 10_000, write: async (rows) => void seen.push(...rows) });
    b.push(1);
    b.hurry();
    await sleep(10);
    expect(seen).toEqual([1]);
    b.push(2);
    await sleep(10);
    expect(seen).toEqual([1, 2]);
  });
});

describe("the memory bound", () => {
  it("drops rows whose sizes would pass maxBytes, and takes rows again once a flush freed room", async () => {
    const seen: string[] = [];
    const b = createBatcher<string>({ intervalMs: 10_000, maxBytes: 10, sizeOf: (s) => s.length, write: async (rows) => void seen.push(...rows) });
    expect(b.push("aaaa")).toBe(true);
    expect(b.push("bbbb")).toBe(true);
    expect(b.push("ccc")).toBe(false);
    expect(b.push("cc")).toBe(true);
    await b.drain();
    expect(seen).toEqual(["aaaa", "bbbb", "cc"]);
    expect(b.push("dddddddd")).toBe(true);
    expect(b.stats()).toMatchObject({ dropped: 1, buffered: 1 });
  });
});

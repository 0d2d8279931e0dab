import { describe, expect, it } from "vitest";
import { createGroupCommit } from "./group-commit";

/** A promise settled from outside, to hold a batch in flight for as long as a test wants. */
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
};

describe("createGroupCommit", () => {
  it("runs a call with no company at once, alone, and answers it", async () => {
    const batches: number[][] = [];
    const g = createGroupCommit<number, string>({
      maxBatch: () => 8,
      maxInFlight: () => 1,
      run: async (items) => (batches.push(items), items.map((i) => `#${i}`)),
    });
    expect(await g.submit("a", 1)).toBe("#1");
    expect(await g.submit("a", 2)).toBe("#2");
    expect(batches).toEqual([[1], [2]]);
    expect(g.pending()).toEqual({ inFlight: 0, waiting: 0 });
  });

  it("gathers the calls that arrive while a batch is in flight, up to maxBatch, and answers each its own", async () => {
    const batches: number[][] = [];
    const first = gate();
    const g = createGroupCommit<number, number>({
      maxBatch: () => 3,
      maxInFlight: () => 1,
      run: async (items) => {
        batches.push(items);
        if (items[0] === 0) await first.opened;
        return items.map((i) => i * 10);
      },
    });
    const answers = [0, 1, 2, 3, 4, 5, 6].map((i) => g.submit("a", i));
    expect(g.pending()).toEqual({ inFlight: 1, waiting: 6 });
    first.open();
    expect(await Promise.all(answers)).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(batches).toEqual([[0], [1, 2, 3], [4, 5, 6]]);
  });

  it("keeps maxInFlight batches in flight, and groups apart", async () => {
    const running: string[] = [];
    const hold = gate();
    const g = createGroupCommit<string, string>({
      maxBatch: () => 10,
      maxInFlight: () => 2,
      run: async (items) => {
        running.push(items.join("+"));
        await hold.opened;
        return items;
      },
    });
    const answers = ["a1", "a2", "a3", "a4"].map((i) => g.submit("a", i)).concat(g.submit("b", "b1"));
    // two batches of group a in flight (one call each), a3 and a4 wait; group b starts its own at once
    expect(running).toEqual(["a1", "a2", "b1"]);
    expect(g.pending()).toEqual({ inFlight: 3, waiting: 2 });
    hold.open();
    expect(await Promise.all(answers)).toEqual(["a1", "a2", "a3", "a4", "b1"]);
    expect(running).toEqual(["a1", "a2", "b1", "a3+a4"]);
  });

  it("a failed batch rejects its own calls only, and the next batch still runs", async () => {
    const hold = gate();
    const g = createGroupCommit<number, number>({
      maxBatch: () => 2,
      maxInFlight: () => 1,
      run: async (items) => {
        if (items[0] === 0) await hold.opened;
        if (items.includes(2)) throw new Error("batch with 2 failed");
        return items;
      },
    });
    const answers = [0, 1, 2, 3, 4].map((i) => g.submit("a", i).then(String, (e: Error) => e.message));
    hold.open();
    expect(await Promise.all(answers)).toEqual(["0", "batch with 2 failed", "batch with 2 failed", "3", "4"]);
  });

  it("rejects every call of a batch whose run returns the wrong number of outcomes", async () => {
    const g = createGroupCommit<number, number>({ maxBatch: () => 4, maxInFlight: () => 1, run: async () => [] });
    await expect(g.submit("a", 1)).rejects.toThrow("A batch of 1 returned 0 outcomes.");
  });

  it("with prepare: the calls that gather while a batch is in flight are prepared meanwhile, and written together with what they prepared", async () => {
    const log: string[] = [];
    const first = gate();
    const g = createGroupCommit<number, string, string>({
      maxBatch: () => 8,
      maxInFlight: () => 1,
      prepare: async (items) => (log.push(`prepare ${items.join("+")}`), items.map((i) => `p${i}`)),
      run: async (items, prepared) => {
        log.push(`run ${items.join("+")} with ${prepared.map((p) => p ?? "-").join(",")}`);
        if (items[0] === 0) await first.opened;
        return items.map((i) => `#${i}`);
      },
    });
    const answers = [0, 1, 2, 3].map((i) => g.submit("a", i));
    // 0 is written at once, unprepared; 1 is prepared while it is in flight, then 2 and 3 (one preparation at a time)
    await new Promise((r) => setTimeout(r, 10));
    expect(log).toEqual(["run 0 with -", "prepare 1", "prepare 2+3"]);
    expect(g.pending()).toEqual({ inFlight: 1, waiting: 3 });
    first.open();
    expect(await Promise.all(answers)).toEqual(["#0", "#1", "#2", "#3"]);
    expect(log).toEqual(["run 0 with -", "prepare 1", "prepare 2+3", "run 1+2+3 with p1,p2,p3"]);
    expect(g.pending()).toEqual({ inFlight: 0, waiting: 0 });
  });

  it("with prepare: a failed preparation leaves its calls unprepared for run, and a free slot waits for a preparation under way", async () => {
    const log: string[] = [];
    const first = gate();
    const slowPrepare = gate();
    const g = createGroupCommit<number, number, string>({
      maxBatch: () => 8,
      maxInFlight: () => 1,
      prepare: async (items) => {
        log.push(`prepare ${items.join("+")}`);
        if (items[0] === 1) throw new Error("the reads failed");
        await slowPrepare.opened;
        return items.map((i) => `p${i}`);
      },
      run: async (items, prepared) => {
        log.push(`run ${items.join("+")} with ${prepared.map((p) => p ?? "-").join(",")}`);
        if (items[0] === 0) await first.opened;
        return items;
      },
    });
    const answers = [0, 1].map((i) => g.submit("a", i));
    await new Promise((r) => setTimeout(r, 10));
    answers.push(g.submit("a", 2));
    // 1's preparation failed; 2's is under way when 0's batch ends: the slot waits for it
    first.open();
    await new Promise((r) => setTimeout(r, 10));
    expect(log).toEqual(["run 0 with -", "prepare 1", "prepare 2"]);
    slowPrepare.open();
    expect(await Promise.all(answers)).toEqual([0, 1, 2]);
    expect(log).toEqual(["run 0 with -", "prepare 1", "prepare 2", "run 1+2 with -,p2"]);
  });
});

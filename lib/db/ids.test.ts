import { describe, expect, it } from "vitest";
import { newId, randomHex } from "./ids";

describe("newId", () => {
  it("is 24 hex characters, time-ordered by its first 8, and never repeats across many draws from the random pool", () => {
    const before = Math.floor(Date.now() / 1000);
    const ids = Array.from({ length: 20_000 }, newId); // 160,000 random bytes: the 4 KB pool refilled ~40 times
    const after = Math.floor(Date.now() / 1000);
    expect(ids.every((id) => /^[0-9a-f]{24}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [ids[0], ids.at(-1)!]) expect(parseInt(id.slice(0, 8), 16)).toBeGreaterThanOrEqual(before);
    expect(parseInt(ids.at(-1)!.slice(0, 8), 16)).toBeLessThanOrEqual(after);
    // the random parts are not a counter: their bytes spread over all values
    const bytes = new Set(ids.flatMap((id) => id.slice(8).match(/../g)!));
    expect(bytes.size).toBe(256);
  });

  it("randomHex gives the bytes asked for", () => {
    expect(randomHex(16)).toMatch(/^[0-9a-f]{32}$/);
    expect(randomHex(16)).not.toBe(randomHex(16));
  });
});

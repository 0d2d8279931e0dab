// The CI canary: a test that must fail. `.ci/run` runs it (vitest.canary.config.ts, on the embedded
// PostgreSQL, through the same global setup as the suite) and stops if the runner exits 0, because then a
// failing suite would pass CI too. It sits outside the suite's include pattern (*.test.ts) on purpose.
import { expect, it } from "vitest";

it("fails on purpose (the runner must exit non-zero)", () => {
  expect(1 + 1).toBe(3);
});

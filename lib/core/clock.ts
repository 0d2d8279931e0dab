// The service's time source. Code whose outcome depends on the time (key expiry after a rotation's grace
// period, invite and session lifetimes) reads it here, so a test moves time forward instead of sleeping.
// Core: imports nothing from lib/.

let offsetMs = 0;

/** The current time (the real clock, plus the offset a test set). */
export const now = (): Date => new Date(Date.now() + offsetMs);

/**
 * Tests only: moves the clock `ms` forward from the real time (0 resets it). The offset is per process;
 * test files that share a worker get it reset to 0 before each file (tests/file-setup.ts).
 */
export const setClockOffsetForTests = (ms: number): void => {
  offsetMs = ms;
};

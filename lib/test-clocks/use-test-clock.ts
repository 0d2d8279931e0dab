import type { ServiceContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { findTestClock } from "./find-test-clock.ts";

/** The time an object is created at, and the clock it lives on: the real time when no clock is named. */
export type ObjectTime = { testClockId: string | null; now: Date };

/**
 * Resolves the `testClock` a create call names: the caller's own test clock (404 TEST_CLOCK_NOT_FOUND otherwise),
 * whose frozen time becomes the object's "now" (its expiresAt, period end... count from it). A live key cannot
 * name one (400 TEST_CLOCK_LIVE_MODE). No clock: the real time, and the object lives on it.
 */
export const useTestClock = async (ctx: ServiceContext, testClock: string | undefined | null): Promise<ObjectTime> => {
  if (testClock === undefined || testClock === null) return { testClockId: null, now: now() };
  if (ctx.scope.environment !== "test")
    throw new AppError("TEST_CLOCK_LIVE_MODE", "A live object cannot live on a test clock: create it with a test key, or omit testClock.");
  const clock = await findTestClock(ctx, { id: testClock });
  return { testClockId: clock.id, now: clock.frozenTime };
};

/** The time of an object on `testClockId` (its clock's frozen time), or the real time when it has none. */
export const clockTimeOf = async (ctx: { db: ServiceContext["db"] }, testClockId: string | null): Promise<Date> => {
  if (!testClockId) return now();
  const clock = await ctx.db.testClock.findUnique({ where: { id: testClockId }, select: { frozenTime: true } });
  return clock?.frozenTime ?? now();
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_TEST_CLOCK_ERRORS } from "./find-test-clock.ts";
export const USE_TEST_CLOCK_ERRORS = ["TEST_CLOCK_LIVE_MODE", ...FIND_TEST_CLOCK_ERRORS] as const satisfies readonly ErrorCode[];

import type { ServiceContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { newId } from "../db/ids.ts";
import { clockOwnerOf } from "./clock-owner.ts";
import { testClockNotFound } from "./find-test-clock.ts";

/** How far in the past a frozenTime may start (a client's clock skew), so real-time reads never see a clocked object overdue. */
export const START_SKEW_MS = 60_000;

/**
 * POST /v1/test-helpers/test-clocks: a clock of the test-mode owner, frozen at `frozenTime` (default: now). It
 * starts now or later: an object on it counts its lifetime from the clock, and must not be overdue in real time.
 */
export const createTestClock = async (ctx: ServiceContext, body: { frozenTime?: string; name?: string }) => {
  const owner = clockOwnerOf(ctx.scope);
  if (!owner || ctx.scope.environment !== "test") throw testClockNotFound("");
  const at = body.frozenTime ? new Date(body.frozenTime) : now();
  if (at.getTime() < now().getTime() - START_SKEW_MS)
    throw new AppError("VALIDATION_ERROR", "frozenTime must be now or later.", { details: [{ field: "frozenTime", message: "must be now or later" }] });
  return ctx.db.testClock.create({ data: { id: `clock_test_${newId()}`, ...owner, name: body.name ?? null, frozenTime: at } });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_TEST_CLOCK_ERRORS } from "./find-test-clock.ts";
export const CREATE_TEST_CLOCK_ERRORS = ["VALIDATION_ERROR", ...FIND_TEST_CLOCK_ERRORS] as const satisfies readonly ErrorCode[];

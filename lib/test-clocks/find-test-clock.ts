import type { TestClock } from "../db/generated/client.ts";
import type { ServiceContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { clockOwnerOf } from "./clock-owner.ts";

export const testClockNotFound = (id: string) => new AppError("TEST_CLOCK_NOT_FOUND", `Test clock ${JSON.stringify(id)} does not exist for this key.`);

/**
 * The caller's test clock: only a test-mode key's own clocks (another owner's, a deleted one, or any under a live
 * key: 404 TEST_CLOCK_NOT_FOUND). `lock`: the row is locked (FOR UPDATE) in the caller's transaction.
 */
export const findTestClock = async (ctx: ServiceContext, { id, lock = false }: { id: string; lock?: boolean }): Promise<TestClock> => {
  const owner = clockOwnerOf(ctx.scope);
  if (!owner || ctx.scope.environment !== "test") throw testClockNotFound(id);
  if (lock) await ctx.db.$queryRaw`SELECT 1 FROM "TestClock" WHERE id = ${id} FOR UPDATE`;
  const clock = await ctx.db.testClock.findUnique({ where: { id } });
  if (!clock || clock.ownerType !== owner.ownerType || clock.ownerId !== owner.ownerId) throw testClockNotFound(id);
  return clock;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const FIND_TEST_CLOCK_ERRORS = ["TEST_CLOCK_NOT_FOUND"] as const satisfies readonly ErrorCode[];

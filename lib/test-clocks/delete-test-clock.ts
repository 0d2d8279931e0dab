import type { ServiceContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { findTestClock } from "./find-test-clock.ts";

/**
 * DELETE /v1/test-helpers/test-clocks/{clockId}: the clock goes; its objects stay, detached (testClockId null), and
 * live on real time from then on (docs/decisions/test-clocks.md). Waits for an advance under way (the row lock).
 */
export const deleteTestClock = (ctx: ServiceContext, { id }: { id: string }) =>
  inTransaction(ctx.db, async (tx) => {
    const clock = await findTestClock({ ...ctx, db: tx }, { id, lock: true });
    const where = { testClockId: clock.id };
    const detach = { testClockId: null };
    await tx.checkoutGrant.updateMany({ where, data: detach });
    await tx.linkSession.updateMany({ where, data: detach });
    await tx.fundSession.updateMany({ where, data: detach });
    await tx.invoice.updateMany({ where, data: detach });
    await tx.subscription.updateMany({ where, data: detach });
    await tx.purchase.updateMany({ where, data: detach });
    await tx.testClock.delete({ where: { id: clock.id } });
    return { id: clock.id, object: "test_clock" as const, deleted: true as const };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_TEST_CLOCK_ERRORS } from "./find-test-clock.ts";
export const DELETE_TEST_CLOCK_ERRORS = [...FIND_TEST_CLOCK_ERRORS] as const satisfies readonly ErrorCode[];

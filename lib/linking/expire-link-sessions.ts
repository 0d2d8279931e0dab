import { Prisma } from "../db/generated/client.ts";
import { LINK_SESSION_TRANSITIONS } from "./link-session-states.ts";
import type { DbContext } from "../core/context.ts";

/**
 * The expiry sweep: every pending session whose 24 hours have passed becomes expired, with expiredAt
 * set to its expiresAt (when it really expired, not when the sweep noticed). One conditional UPDATE,
 * so it never races an approval (approval needs an unexpired pending session). No webhook: the spec
 * lists no expiry event. `only` narrows the sweep to one session (a read that finds it overdue).
 * Returns how many sessions expired.
 */
export const expireLinkSessions = async (
  ctx: DbContext,
  { now = new Date(), only, testClockId = null }: { now?: Date; only?: { id: string }; testClockId?: string | null } = {},
): Promise<number> => {
  const t = LINK_SESSION_TRANSITIONS.expire;
  const onlyId = only ? Prisma.sql`AND "id" = ${only.id}` : Prisma.empty;
  // real time sweeps the sessions on no test clock; an advance of a clock, its own (docs/decisions/test-clocks.md)
  const onClock = testClockId ? Prisma.sql`AND "testClockId" = ${testClockId}` : Prisma.sql`AND "testClockId" IS NULL`;
  return ctx.db.$executeRaw`
    UPDATE "LinkSession" SET "state" = ${t.to}, "expiredAt" = "expiresAt", "updatedAt" = ${now}
    WHERE "state" = ANY(${[...t.from]}::text[]) AND "expiresAt" <= ${now} ${onlyId} ${onClock}`;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LINK_SESSION_STATES_ERRORS } from "./link-session-states.ts";
export const EXPIRE_LINK_SESSIONS_ERRORS = [...LINK_SESSION_STATES_ERRORS] as const satisfies readonly ErrorCode[];

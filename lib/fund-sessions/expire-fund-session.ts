import type { PlatformContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { guardedTransition } from "../core/state-machine.ts";
import { inTransaction } from "../db/transaction.ts";
import { effectiveStatus, FUND_SESSION_STATES } from "./fund-session-states.ts";
import { fundSessionNotFound } from "./find-fund-session.ts";
import { isFundSessionKey } from "./fund-session-key.ts";
import { fundSessionNotPending } from "./fund-session-not-pending.ts";
import { serializeFundSession } from "./serialize-fund-session.ts";

/**
 * Test helper: the session's lifetime passes now (expiresAt moves to now, status expired). Only sessions of the
 * calling platform in its key's environment (404 otherwise); 409 FUND_SESSION_NOT_PENDING unless pending.
 * A session already past expiresAt is expired already: 409 too.
 */
export const expireFundSession = (ctx: PlatformContext, { sessionKey }: { sessionKey: string }) =>
  inTransaction(ctx.db, async (tx) => {
    if (!isFundSessionKey(sessionKey)) throw fundSessionNotFound(sessionKey);
    await tx.$queryRaw`SELECT 1 FROM "FundSession" WHERE "sessionKey" = ${sessionKey} FOR UPDATE`;
    const s = await tx.fundSession.findUnique({ where: { sessionKey } });
    if (!s || s.platformId !== ctx.scope.platformId || s.environment !== ctx.scope.environment) throw fundSessionNotFound(sessionKey);
    const at = now();
    await guardedTransition(FUND_SESSION_STATES, "expire", {
      write: (from, to) =>
        tx.fundSession.updateMany({
          where: { id: s.id, status: { in: [...from] }, expiresAt: { gt: at } },
          data: { status: to, expiredAt: at, expiresAt: at },
        }),
      current: async () => {
        const row = await tx.fundSession.findUnique({ where: { id: s.id } });
        return row ? effectiveStatus(row, at) : null;
      },
      refuse: (state) => fundSessionNotPending(state, "expired"),
    });
    return serializeFundSession(await tx.fundSession.findUniqueOrThrow({ where: { id: s.id } }), at);
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_FUND_SESSION_ERRORS } from "./find-fund-session.ts";
import { FUND_SESSION_NOT_PENDING_ERRORS } from "./fund-session-not-pending.ts";
export const EXPIRE_FUND_SESSION_ERRORS = [...FIND_FUND_SESSION_ERRORS, ...FUND_SESSION_NOT_PENDING_ERRORS] as const satisfies readonly ErrorCode[];

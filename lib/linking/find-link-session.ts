import type { LinkSession } from "../db/generated/client.ts";
import { expireLinkSessions } from "./expire-link-sessions.ts";
import { inLinkScope, linkSessionNotFound, type LinkScope } from "./link-scope.ts";
import { isOverdue } from "./link-session-states.ts";
import { clockTimeOf } from "../test-clocks/use-test-clock.ts";
import type { DbContext } from "../core/context.ts";

/**
 * Loads a session by its key inside the caller's scope; another tenant's or environment's session is a
 * 404 like an unknown one. Without a scope (hosted pages, where the key itself is the credential) any
 * session matches. A pending session found past its lifetime is recorded as expired first, so every
 * reader sees the same state.
 */
export const findLinkSession = async (
  ctx: DbContext,
  { sessionKey, scope, now = new Date() }: { sessionKey: string; scope?: LinkScope; now?: Date },
): Promise<LinkSession> => {
  // PostgreSQL text cannot hold NUL: such a key matches no session (and must not reach the query).
  if (sessionKey.includes("\u0000")) throw linkSessionNotFound(sessionKey);
  const session = await ctx.db.linkSession.findUnique({ where: { sessionKey } });
  if (!session || (scope && !inLinkScope(session, scope))) throw linkSessionNotFound(sessionKey);
  // a session on a test clock is overdue by its clock's time (docs/decisions/test-clocks.md)
  const at = session.testClockId ? await clockTimeOf(ctx, session.testClockId) : now;
  if (!isOverdue(session, at)) return session;
  await expireLinkSessions(ctx, { now: at, only: { id: session.id }, testClockId: session.testClockId });
  return ctx.db.linkSession.findUniqueOrThrow({ where: { id: session.id } });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { EXPIRE_LINK_SESSIONS_ERRORS } from "./expire-link-sessions.ts";
import { LINK_SCOPE_ERRORS } from "./link-scope.ts";
import { LINK_SESSION_STATES_ERRORS } from "./link-session-states.ts";
export const FIND_LINK_SESSION_ERRORS = [
  ...EXPIRE_LINK_SESSIONS_ERRORS,
  ...LINK_SCOPE_ERRORS,
  ...LINK_SESSION_STATES_ERRORS,
] as const satisfies readonly ErrorCode[];

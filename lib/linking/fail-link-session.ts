import type { LinkSession } from "../db/generated/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { findLinkSession } from "./find-link-session.ts";
import type { LinkScope } from "./link-scope.ts";
import { transitionLinkSession } from "./transition-link-session.ts";
import type { DbContext } from "../core/context.ts";

export const DEFAULT_LINK_FAILURE_MESSAGE = "The player could not complete linking.";

/**
 * Something prevents completion: a pending session becomes failed, keeps the message, and
 * User.Account.Link.Failed carries it.
 */
export const failLinkSession = async (
  ctx: DbContext,
  { sessionKey, scope, message, now = new Date() }: { sessionKey: string; scope?: LinkScope; message?: string; now?: Date },
): Promise<LinkSession> => {
  const session = await findLinkSession(ctx, { sessionKey, scope, now });
  const failureMessage = message?.trim() || DEFAULT_LINK_FAILURE_MESSAGE;
  return inTransaction(ctx.db, (tx) => transitionLinkSession({ ...ctx, db: tx }, { session, action: "fail", now, set: { failureMessage } }));
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_LINK_SESSION_ERRORS } from "./find-link-session.ts";
import { TRANSITION_LINK_SESSION_ERRORS } from "./transition-link-session.ts";
export const FAIL_LINK_SESSION_ERRORS = [...FIND_LINK_SESSION_ERRORS, ...TRANSITION_LINK_SESSION_ERRORS] as const satisfies readonly ErrorCode[];

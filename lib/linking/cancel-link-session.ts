import type { LinkSession } from "../db/generated/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { findLinkSession } from "./find-link-session.ts";
import type { LinkScope } from "./link-scope.ts";
import { transitionLinkSession } from "./transition-link-session.ts";
import type { DbContext } from "../core/context.ts";

/** The player backs out: a pending session becomes canceled and User.Account.Link.Canceled is emitted. */
export const cancelLinkSession = async (
  ctx: DbContext,
  { sessionKey, scope, now = new Date() }: { sessionKey: string; scope?: LinkScope; now?: Date },
): Promise<LinkSession> => {
  const session = await findLinkSession(ctx, { sessionKey, scope, now });
  return inTransaction(ctx.db, (tx) => transitionLinkSession({ ...ctx, db: tx }, { session, action: "cancel", now }));
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_LINK_SESSION_ERRORS } from "./find-link-session.ts";
import { TRANSITION_LINK_SESSION_ERRORS } from "./transition-link-session.ts";
export const CANCEL_LINK_SESSION_ERRORS = [...FIND_LINK_SESSION_ERRORS, ...TRANSITION_LINK_SESSION_ERRORS] as const satisfies readonly ErrorCode[];

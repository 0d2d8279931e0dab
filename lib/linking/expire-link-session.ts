import type { LinkSession } from "../db/generated/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { findLinkSession } from "./find-link-session.ts";
import type { LinkScope } from "./link-scope.ts";
import { transitionLinkSession } from "./transition-link-session.ts";
import type { DbContext } from "../core/context.ts";

/**
 * Acts out "24 hours pass" for one pending session (test helper): it becomes expired now. Like the
 * sweep, expiry emits no webhook.
 */
export const expireLinkSession = async (
  ctx: DbContext,
  { sessionKey, scope, now = new Date() }: { sessionKey: string; scope?: LinkScope; now?: Date },
): Promise<LinkSession> => {
  const session = await findLinkSession(ctx, { sessionKey, scope, now });
  return inTransaction(ctx.db, (tx) => transitionLinkSession({ ...ctx, db: tx }, { session, action: "expire", now }));
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_LINK_SESSION_ERRORS } from "./find-link-session.ts";
import { TRANSITION_LINK_SESSION_ERRORS } from "./transition-link-session.ts";
export const EXPIRE_LINK_SESSION_ERRORS = [...FIND_LINK_SESSION_ERRORS, ...TRANSITION_LINK_SESSION_ERRORS] as const satisfies readonly ErrorCode[];

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

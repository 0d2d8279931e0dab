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

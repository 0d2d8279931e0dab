import type { LinkSession } from "../db/generated/client.ts";
import { inTransaction, type DbClient } from "../db/transaction.ts";
import { findLinkSession } from "./find-link-session.ts";
import type { LinkScope } from "./link-scope.ts";
import { transitionLinkSession } from "./transition-link-session.ts";

/** The player backs out: a pending session becomes canceled and User.Account.Link.Canceled is emitted. */
export const cancelLinkSession = async (
  db: DbClient,
  { sessionKey, scope, now = new Date() }: { sessionKey: string; scope?: LinkScope; now?: Date },
): Promise<LinkSession> => {
  const session = await findLinkSession(db, { sessionKey, scope, now });
  return inTransaction(db, (tx) => transitionLinkSession(tx, session, "cancel", { now }));
};

import type { LinkSession } from "../db/generated/client.ts";
import { inTransaction, type DbClient } from "../db/transaction.ts";
import { findLinkSession } from "./find-link-session.ts";
import type { LinkScope } from "./link-scope.ts";
import { transitionLinkSession } from "./transition-link-session.ts";

/**
 * Acts out "24 hours pass" for one pending session (test helper): it becomes expired now. Like the
 * sweep, expiry emits no webhook.
 */
export const expireLinkSession = async (
  db: DbClient,
  { sessionKey, scope, now = new Date() }: { sessionKey: string; scope?: LinkScope; now?: Date },
): Promise<LinkSession> => {
  const session = await findLinkSession(db, { sessionKey, scope, now });
  return inTransaction(db, (tx) => transitionLinkSession(tx, session, "expire", { now }));
};

import type { DbClient } from "../db/transaction.ts";
import { approveLinkSession } from "./approve-link-session.ts";
import type { LinkScope } from "../linking/link-scope.ts";
import { describeLinkSession } from "../linking/serialize-link-session.ts";
import { findInvite } from "../invites/find-invite.ts";
import { openInviteSession } from "../invites/open-invite-session.ts";
import type { VisitResult } from "../invites/schemas.ts";
import { serializeInvite } from "../invites/serialize-invite.ts";

/**
 * Test mode: a visitor opens the invite URL, signs in (an account is created when none exists) and
 * approves, exactly as on the hosted pages: a new session, Started then Succeeded, one use counted.
 * The invite must lie in the caller's scope (404 otherwise). A refused invite links nobody.
 */
export const visitInvite = async (
  db: DbClient,
  { scope, code, email, name }: { scope: LinkScope; code: string; email?: string; name?: string },
): Promise<VisitResult> => {
  await findInvite(db, { code, scope });
  const { sessionKey } = await openInviteSession(db, { code, email });
  const session = await approveLinkSession(db, { sessionKey, scope, email, name });
  return { invite: serializeInvite(await findInvite(db, { code })), session: await describeLinkSession(db, session) };
};

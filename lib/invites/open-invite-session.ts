import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import type { Environment } from "../core/environment.ts";
import { normalizeEmail } from "../linking/initiate-link-session.ts";
import { emitLinkEvent } from "../linking/link-session-events.ts";
import { LINK_EVENTS, LINK_SESSION_LIFETIME_MS } from "../linking/link-session-states.ts";
import { linkSessionUrl, newSessionKey } from "../linking/link-session-url.ts";
import { findInvite } from "./find-invite.ts";
import { inviteRefusal } from "./invite-states.ts";
import type { DbContext } from "../core/context.ts";

export type OpenInviteSessionInput = {
  code: string;
  /** pre-fills the sign-in form (a visitor who is already signed in) */
  email?: string;
  now?: Date;
};

/**
 * A visitor opens an invite URL: a NEW pending link session in the invite's namespace, carrying the
 * invite code, with the invite's webhook owner; User.Account.Link.Started is emitted in the same
 * transaction. Every visit gets its own session, so unlike initiation nothing is reused by email.
 * A paused, revoked, expired or used-up invite is refused (INVITE_PAUSED 409, INVITE_REVOKED 410,
 * INVITE_EXPIRED 410, INVITE_USED_UP 409) with a message for the visitor; an unknown code is
 * INVITE_NOT_FOUND (404). The use is counted when the session is approved, not here.
 */
export const openInviteSession = async (
  ctx: DbContext,
  { code, email, now = new Date() }: OpenInviteSessionInput,
): Promise<{ sessionKey: string; url: string }> => {
  const invite = await findInvite(ctx, { code });
  const refusal = inviteRefusal(invite, now);
  if (refusal) throw refusal;
  return inTransaction(ctx.db, async (tx) => {
    const session = await tx.linkSession.create({
      data: {
        id: newId(),
        sessionKey: newSessionKey(invite.environment as Environment),
        namespaceType: invite.namespaceType,
        namespaceId: invite.namespaceId,
        environment: invite.environment,
        ownerType: invite.ownerType,
        ownerId: invite.ownerId,
        prefilledEmail: email ? normalizeEmail(email) : null,
        inviteCode: invite.code,
        expiresAt: new Date(now.getTime() + LINK_SESSION_LIFETIME_MS),
        createdAt: now,
      },
    });
    await emitLinkEvent({ ...ctx, db: tx }, { event: LINK_EVENTS.started, session });
    return { sessionKey: session.sessionKey, url: linkSessionUrl(session.sessionKey) };
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_INVITE_ERRORS } from "./find-invite.ts";
import { INVITE_STATES_ERRORS } from "./invite-states.ts";
export const OPEN_INVITE_SESSION_ERRORS = [...FIND_INVITE_ERRORS, ...INVITE_STATES_ERRORS] as const satisfies readonly ErrorCode[];

import type { LinkSession } from "../db/generated/client.ts";
import { randomHex } from "../db/ids.ts";
import type { AppError } from "../core/errors.ts";
import { claimInviteUse } from "../invites/claim-invite-use.ts";
import { inTransaction } from "../db/transaction.ts";
import type { Environment } from "../core/environment.ts";
import { findLinkSession } from "../linking/find-link-session.ts";
import { findOrCreatePlayer, linkPlayer } from "../linking/link-player.ts";
import { findOrCreateTestPlayer } from "../linking/test-player.ts";
import type { LinkScope } from "../linking/link-scope.ts";
import type { Namespace } from "../linking/resolve-user-ref.ts";
import { assertCanTransition, transitionLinkSession } from "../linking/transition-link-session.ts";
import type { DbContext } from "../core/context.ts";

export type ApproveLinkSessionInput = {
  sessionKey: string;
  /** the caller's scope; omitted on the hosted page, where the session key is the credential */
  scope?: LinkScope;
  /** the account that signs in; default: the prefilled email, or a new random test account */
  email?: string;
  name?: string;
  now?: Date;
  /** a test helper of this business acts: the player must be (or becomes) its test player (lib/linking/test-player.ts) */
  testHelperOf?: string;
};

/**
 * The player signs in (an account is created when none exists) and approves. Invariant: one player
 * gets the same userRef in a namespace every time, so approving a second session returns the same
 * reference. The approval is written on the link (approvedAt, approvedSessionId, every consent scope),
 * so the namespace may then read the wallet and spend for the player (link-consent.ts); approving again
 * renews it. Emits User.Account.Link.Succeeded in the same transaction; a session that is not pending,
 * or is past its lifetime, is a 409 and nothing changes. A session opened from a link invite
 * counts one use of the invite in the same transaction; when the invite can no longer link (paused,
 * revoked, expired, used up) the session fails instead (User.Account.Link.Failed with the reason) and
 * the invite's error is thrown once that is recorded.
 */
export const approveLinkSession = async (ctx: DbContext, input: ApproveLinkSessionInput): Promise<LinkSession> => {
  const now = input.now ?? new Date();
  const session = await findLinkSession(ctx, { sessionKey: input.sessionKey, scope: input.scope, now });
  assertCanTransition(session, "approve", now);
  const email = input.email ?? session.prefilledEmail ?? `player-${randomHex(6)}@example.test`;
  const outcome = await inTransaction(ctx.db, async (tx): Promise<{ session: LinkSession; refusal?: AppError }> => {
    const refusal = session.inviteCode ? await claimInviteUse({ ...ctx, db: tx }, { code: session.inviteCode, now }) : null;
    if (refusal)
      return { refusal, session: await transitionLinkSession({ ...ctx, db: tx }, { session, action: "fail", now, set: { failureMessage: refusal.message } }) };
    const player = input.testHelperOf
      ? await findOrCreateTestPlayer({ ...ctx, db: tx }, { email, name: input.name, businessId: input.testHelperOf })
      : await findOrCreatePlayer({ ...ctx, db: tx }, { email, name: input.name });
    const namespace: Namespace = { type: session.namespaceType as Namespace["type"], id: session.namespaceId };
    const link = await linkPlayer(
      { ...ctx, db: tx },
      {
        namespace,
        environment: session.environment as Environment,
        playerId: player.id,
        approval: { sessionId: session.id, at: now },
      },
    );
    return {
      session: await transitionLinkSession({ ...ctx, db: tx }, { session, action: "approve", now, set: { playerId: player.id, userRef: link.userRef } }),
    };
  });
  if (outcome.refusal) throw outcome.refusal;
  return outcome.session;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CLAIM_INVITE_USE_ERRORS } from "../invites/claim-invite-use.ts";
import { FIND_LINK_SESSION_ERRORS } from "../linking/find-link-session.ts";
import { TEST_PLAYER_ERRORS } from "../linking/test-player.ts";
import { TRANSITION_LINK_SESSION_ERRORS } from "../linking/transition-link-session.ts";
export const APPROVE_LINK_SESSION_ERRORS = [
  ...CLAIM_INVITE_USE_ERRORS,
  ...FIND_LINK_SESSION_ERRORS,
  ...TEST_PLAYER_ERRORS,
  ...TRANSITION_LINK_SESSION_ERRORS,
] as const satisfies readonly ErrorCode[];

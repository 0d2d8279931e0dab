import type { PlayerLink } from "../db/generated/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { AppError } from "../core/errors.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import type { LinkScope } from "./link-scope.ts";
import { NO_APPROVAL } from "./link-consent.ts";
import { linkEventData } from "./link-session-events.ts";
import { LINK_EVENTS, LINK_SESSION_TRANSITIONS } from "./link-session-states.ts";
import { resolveUserRef } from "./resolve-user-ref.ts";
import { transitionLinkSession } from "./transition-link-session.ts";
import type { DbContext } from "../core/context.ts";

/**
 * Revokes a player's link in the scope's namespace (API or portal). The link becomes unlinked and loses
 * its approval (the userRef stays reserved for that player: linking again re-activates it, unapproved
 * until the player approves again), every approved session of it becomes unlinked, and one
 * User.Account.Link.Removed is emitted, for the most recently approved session. A link made without a
 * session emits it with sessionKey null, as an event of the link. An unknown, foreign or already removed
 * reference is a 404 and nothing changes.
 */
export const removeLink = async (
  ctx: DbContext,
  { scope, userRef, now = new Date() }: { scope: LinkScope; userRef: string; now?: Date },
): Promise<PlayerLink> =>
  inTransaction(ctx.db, async (tx) => {
    const link = await resolveUserRef({ ...ctx, db: tx }, { namespace: scope.namespace, environment: scope.environment, userRef });
    const { count } = await tx.playerLink.updateMany({
      where: { id: link.id, status: "active" },
      data: { status: "unlinked", unlinkedAt: now, ...NO_APPROVAL },
    });
    // a concurrent removal won the race: the reference has no active link any more
    if (count === 0) throw new AppError("USER_REF_NOT_FOUND", `User ${JSON.stringify(userRef)} has no active link: it was removed.`);
    const sessions = await tx.linkSession.findMany({
      where: {
        namespaceType: scope.namespace.type,
        namespaceId: scope.namespace.id,
        environment: scope.environment,
        userRef,
        state: { in: [...LINK_SESSION_TRANSITIONS.unlink.from] },
      },
      orderBy: [{ approvedAt: "desc" }, { createdAt: "desc" }],
    });
    for (const [i, session] of sessions.entries()) await transitionLinkSession({ ...ctx, db: tx }, { session, action: "unlink", now, emit: i === 0 });
    if (sessions.length === 0) {
      const source = {
        sessionKey: null,
        namespaceType: scope.namespace.type,
        namespaceId: scope.namespace.id,
        idempotencyKey: null,
        metadata: null,
        userRef,
        failureMessage: null,
      };
      await emitEvent(tx, {
        owner: scope.owner,
        environment: scope.environment,
        event: LINK_EVENTS.removed,
        objectType: "player_link",
        objectId: link.id,
        data: linkEventData(LINK_EVENTS.removed, source),
      });
    }
    return tx.playerLink.findUniqueOrThrow({ where: { id: link.id } });
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LINK_SESSION_STATES_ERRORS } from "./link-session-states.ts";
import { RESOLVE_USER_REF_ERRORS } from "./resolve-user-ref.ts";
import { TRANSITION_LINK_SESSION_ERRORS } from "./transition-link-session.ts";
export const REMOVE_LINK_ERRORS = [
  "USER_REF_NOT_FOUND",
  ...LINK_SESSION_STATES_ERRORS,
  ...RESOLVE_USER_REF_ERRORS,
  ...TRANSITION_LINK_SESSION_ERRORS,
] as const satisfies readonly ErrorCode[];

// The data of the User.Account.Link.* webhooks, exactly as game-api.md (and platform-api.md for
// business-level sessions) lists them, and their emission through the outbox.
import type { SqlClient } from "../db/transaction.ts";
import type { LinkSession } from "../db/generated/client.ts";
import type { Environment } from "../core/environment.ts";
import { emitEvent, type WebhookOwner } from "../webhooks/emit-event.ts";
import { LINK_EVENTS, type LinkEvent } from "./link-session-states.ts";

/** The session fields events read; sessionKey is null for a link removed without any approved session. */
export type LinkEventSource = Pick<LinkSession, "namespaceType" | "namespaceId" | "idempotencyKey" | "metadata" | "userRef" | "failureMessage"> & {
  sessionKey: string | null;
};
type SessionView = LinkEventSource;

/** Succeeded's metadata: the Idempotency-Key sent at initiation, and the caller's metadata when given. */
const linkMetadata = (s: SessionView) => ({
  idempotencyKey: s.idempotencyKey ?? null,
  ...(s.metadata !== null && s.metadata !== undefined ? { platform_metadata: s.metadata } : {}),
});

const baseData = (event: LinkEvent, s: SessionView): Record<string, unknown> => {
  switch (event) {
    case LINK_EVENTS.started:
    case LINK_EVENTS.canceled:
      return { sessionKey: s.sessionKey };
    case LINK_EVENTS.failed:
      return { sessionKey: s.sessionKey, message: s.failureMessage };
    case LINK_EVENTS.succeeded:
      return { sessionKey: s.sessionKey, user_ref: s.userRef, metadata: linkMetadata(s) };
    case LINK_EVENTS.removed:
      return { sessionKey: s.sessionKey, user_ref: s.userRef };
  }
};

/**
 * Business-level link events carry sessionKey, user_ref (null until the player approved), businessId and
 * metadata on every event (platform-api.md Events).
 */
export const linkEventData = (event: LinkEvent, s: SessionView): Record<string, unknown> =>
  s.namespaceType === "business"
    ? { ...baseData(event, s), user_ref: s.userRef ?? null, businessId: s.namespaceId, metadata: linkMetadata(s) }
    : baseData(event, s);

/** Writes the event of a session to the outbox, addressed to the owner recorded on the session. */
export const emitLinkEvent = (ctx: { db: SqlClient }, { event, session: s }: { event: LinkEvent; session: LinkSession }) =>
  emitEvent(ctx.db, {
    owner: { type: s.ownerType as WebhookOwner["type"], id: s.ownerId },
    environment: s.environment as Environment,
    event,
    objectType: "link_session",
    objectId: s.id,
    data: linkEventData(event, s),
  });

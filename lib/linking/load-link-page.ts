// Server-only: what the link approval page needs to render one session.
import type { SignedInPlayer } from "../auth/get-signed-in-player.ts";
import type { LinkSession } from "../db/generated/client.ts";
import type { DbClient } from "../db/transaction.ts";
import { loadMerchant, type Merchant } from "./load-merchant.ts";
import { AppError } from "../core/errors.ts";
import type { Environment } from "../core/environment.ts";
import { findLinkSession } from "./find-link-session.ts";
import type { LinkScope } from "./link-scope.ts";
import type { Namespace } from "./resolve-user-ref.ts";
import type { WebhookOwner } from "../webhooks/emit-event.ts";

export type LinkPage = {
  session: LinkSession;
  merchant: Merchant;
  /** the email of the account that approved, once approved */
  approvedEmail: string | null;
  /** whether the signed-in player already has an active link in this game, campaign or business */
  alreadyLinked: boolean;
  // Nothing here says whether the prefilled email has an account or a password: anyone holding the URL
  // sees this page, and the form looks the same for every email (no account enumeration).
};

/** The session's own scope: the hosted page acts inside the tenant that started the session. */
export const scopeOfSession = (s: LinkSession): LinkScope => ({
  namespace: { type: s.namespaceType as Namespace["type"], id: s.namespaceId },
  environment: s.environment as Environment,
  owner: { type: s.ownerType as WebhookOwner["type"], id: s.ownerId },
});

/** The session by key, or null when no session has it (an overdue pending one reads as expired). */
export const findSessionOrNull = async (db: DbClient, sessionKey: string): Promise<LinkSession | null> => {
  try {
    return await findLinkSession(db, { sessionKey });
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return null;
    throw e;
  }
};

/** The state of the session with this key, as stored (the page title reads it); null for an unknown key. */
export const findLinkSessionState = async (db: DbClient, sessionKey: string): Promise<string | null> =>
  (await db.linkSession.findUnique({ where: { sessionKey }, select: { state: true } }))?.state ?? null;

/**
 * Records that the player opened the flow (openedAt, once). No second User.Account.Link.Started is
 * sent: initiation already sent it for every session, and the game needs one per session.
 */
export const recordOpened = async (db: DbClient, s: LinkSession, now = new Date()): Promise<LinkSession> => {
  if (s.openedAt || s.state !== "pending") return s;
  await db.linkSession.updateMany({ where: { id: s.id, openedAt: null }, data: { openedAt: now } });
  return { ...s, openedAt: now };
};

export const loadLinkPage = async (db: DbClient, sessionKey: string, player: SignedInPlayer | null): Promise<LinkPage | null> => {
  const found = await findSessionOrNull(db, sessionKey);
  if (!found) return null;
  const session = await recordOpened(db, found);
  const [merchant, approver, link] = await Promise.all([
    loadMerchant(db, session),
    session.playerId ? db.player.findUnique({ where: { id: session.playerId }, select: { email: true } }) : null,
    player
      ? db.playerLink.findUnique({
          where: { namespaceType_namespaceId_playerId: { namespaceType: session.namespaceType, namespaceId: session.namespaceId, playerId: player.playerId } },
        })
      : null,
  ]);
  return {
    session,
    merchant,
    approvedEmail: approver?.email ?? null,
    alreadyLinked: link?.status === "active" && link.environment === session.environment,
  };
};

// Server-only: what the link approval page needs to render one session.
import type { SignedInPlayer } from "../auth/get-signed-in-player.ts";
import type { LinkSession } from "../db/generated/client.ts";
import { loadMerchant, type Merchant } from "./load-merchant.ts";
import { AppError } from "../core/errors.ts";
import type { Environment } from "../core/environment.ts";
import { findLinkSession } from "./find-link-session.ts";
import { isOverdue } from "./link-session-states.ts";
import type { LinkScope } from "./link-scope.ts";
import type { Namespace } from "./resolve-user-ref.ts";
import type { WebhookOwner } from "../webhooks/emit-event.ts";
import type { DbContext } from "../core/context.ts";

export type LinkPage = {
  session: LinkSession;
  merchant: Merchant;
  /** the email of the account that approved, once approved */
  approvedEmail: string | null;
  /** whether the signed-in player already has an active link in this game, campaign or business */
  alreadyLinked: boolean;
  /** the language the caller asked for in the session's metadata (`metadata.locale`), for the page to honour when it speaks it */
  locale: string | null;
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
export const findSessionOrNull = async (ctx: DbContext, { sessionKey }: { sessionKey: string }): Promise<LinkSession | null> => {
  try {
    return await findLinkSession(ctx, { sessionKey });
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return null;
    throw e;
  }
};

/** The `locale` key of a session's metadata (a short string), or null: the hosted page's language override. */
export const localeOfMetadata = (metadata: unknown): string | null => {
  if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata)) return null;
  const locale = (metadata as Record<string, unknown>).locale;
  return typeof locale === "string" && locale.length > 0 && locale.length <= 35 ? locale : null;
};

/**
 * What the link page's title and preview need: the session's state, who it is for and its locale override;
 * null for an unknown key. Reads only (opening the page records the visit, its metadata does not).
 */
export const loadLinkPageMeta = async (
  ctx: DbContext,
  { sessionKey }: { sessionKey: string },
): Promise<{ state: string; merchant: Merchant; locale: string | null } | null> => {
  if (sessionKey.includes("\u0000")) return null; // PostgreSQL text cannot hold NUL: no session has such a key
  const session = await ctx.db.linkSession.findUnique({
    where: { sessionKey },
    select: { state: true, expiresAt: true, metadata: true, namespaceType: true, namespaceId: true, environment: true },
  });
  if (!session) return null;
  // an overdue pending session reads as expired, as on the page (findLinkSession records it)
  const state = isOverdue(session, new Date()) ? "expired" : session.state;
  return { state, merchant: await loadMerchant(ctx, session), locale: localeOfMetadata(session.metadata) };
};

/**
 * Records that the player opened the flow (openedAt, once). No second User.Account.Link.Started is
 * sent: initiation already sent it for every session, and the game needs one per session.
 */
export const recordOpened = async (ctx: DbContext, { session: s, now = new Date() }: { session: LinkSession; now?: Date }): Promise<LinkSession> => {
  if (s.openedAt || s.state !== "pending") return s;
  await ctx.db.linkSession.updateMany({ where: { id: s.id, openedAt: null }, data: { openedAt: now } });
  return { ...s, openedAt: now };
};

export const loadLinkPage = async (ctx: DbContext, { sessionKey, player }: { sessionKey: string; player: SignedInPlayer | null }): Promise<LinkPage | null> => {
  const found = await findSessionOrNull(ctx, { sessionKey });
  if (!found) return null;
  const session = await recordOpened(ctx, { session: found });
  const [merchant, approver, link] = await Promise.all([
    loadMerchant(ctx, session),
    session.playerId ? ctx.db.player.findUnique({ where: { id: session.playerId }, select: { email: true } }) : null,
    player
      ? ctx.db.playerLink.findUnique({
          where: { namespaceType_namespaceId_playerId: { namespaceType: session.namespaceType, namespaceId: session.namespaceId, playerId: player.playerId } },
        })
      : null,
  ]);
  return {
    session,
    merchant,
    approvedEmail: approver?.email ?? null,
    alreadyLinked: link?.status === "active" && link.environment === session.environment,
    locale: localeOfMetadata(session.metadata),
  };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_LINK_SESSION_ERRORS } from "./find-link-session.ts";
import { LINK_SESSION_STATES_ERRORS } from "./link-session-states.ts";
export const LOAD_LINK_PAGE_ERRORS = [...FIND_LINK_SESSION_ERRORS, ...LINK_SESSION_STATES_ERRORS] as const satisfies readonly ErrorCode[];

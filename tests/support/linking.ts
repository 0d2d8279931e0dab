// Link-session steps shared by the linking tests.
import { getDb } from "../../lib/db/client.ts";
import { POST as INITIATE } from "../../app/api/v1/users/link/initiate/route.ts";
import { call } from "./http.ts";
import { approveLinkSession } from "../../lib/flows/approve-link-session.ts";

/**
 * The person approves on the hosted link page, signed in as `email` (default: the session's prefilled email):
 * the path a real account takes. The test helpers act only as test players of their own business
 * (docs/decisions/test-mode.md), so a test that links one person to several businesses uses this.
 */
export const approveAsPerson = (sessionKey: string, email?: string) => approveLinkSession({ db: getDb() }, { sessionKey, email });

type Headers = Record<string, string>;

/** Starts a game-level link session through the API and returns its sessionKey. */
export const startLinkSession = async (headers: Headers, body: Record<string, unknown> = {}, extra: Headers = {}) =>
  (await call(INITIATE, { headers: { ...headers, ...extra }, body })).body.sessionKey as string;

/** The outbox events of a session, in sequence order (with their webhook owner when asked). */
export const linkEventsOf = async (sessionKey: string, { withOwner = false } = {}) => {
  const s = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } });
  const rows = await getDb().webhookEvent.findMany({ where: { objectType: "link_session", objectId: s.id }, orderBy: { sequence: "asc" } });
  return rows.map((r) => ({
    event: r.event,
    sequence: r.sequence,
    ...(withOwner ? { ownerType: r.ownerType, ownerId: r.ownerId } : {}),
    data: JSON.parse(r.payload).data,
  }));
};

export const linkEventNames = async (sessionKey: string) => (await linkEventsOf(sessionKey)).map((e) => e.event);

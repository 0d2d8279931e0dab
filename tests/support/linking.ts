// Link-session steps shared by the linking tests.
import { getDb } from "../../lib/db/client.ts";
import { POST as INITIATE } from "../../app/api/v1/users/link/initiate/route.ts";
import { call } from "./http.ts";

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

import { decode, getToken, type JWT } from "next-auth/jwt";
import { getServerSession } from "next-auth/next";
import { getDb } from "../db/client.ts";
import { authOptions } from "./auth-options.ts";
import { ensureAuthEnv } from "./auth-secret.ts";
import { passwordStampOf } from "./password-hash.ts";

export type SignedInPlayer = { playerId: string; email: string; name: string };

/**
 * The player signed in on this request (server components and server actions), read from the next-auth
 * session cookie and checked against the database; null when nobody is signed in, the account no longer
 * exists, or its password changed since this session signed in (a reset ends every older session).
 */
export const getSignedInPlayer = async (): Promise<SignedInPlayer | null> => (await getSignedInSession())?.player ?? null;

/**
 * The signed-in player and the id of their sign-in (`sessionId`: random, made when they signed in, kept
 * while the cookie is refreshed; "" for a session from before it existed): the operator console binds its
 * second factor to it, so signing in again asks for the code again.
 */
export const getSignedInSession = async (): Promise<{ player: SignedInPlayer; sessionId: string } | null> =>
  checkedSession((await getServerSession(authOptions)) as SessionClaims | null);

/**
 * The same answer as getSignedInSession, from the request's cookies (`cookies()` of next/headers, which lib/ does
 * not import): what getServerSession(authOptions) gives a server component, without its cost. It reads the
 * session cookie (next-auth's name for it, its chunks joined: getToken), decrypts and checks it as next-auth's own
 * decode does (A256GCM under the key derived from NEXTAUTH_SECRET, expiry with 15 s of tolerance), then takes
 * what authOptions' jwt and session callbacks make of it (`sub`, `stamp`, `sid`). getServerSession also set up
 * next-auth's CSRF cookie, derived the key again and encrypted a refreshed cookie on every call, which a server
 * component cannot send: about 3 ms of CPU a portal page (docs/decisions/portal-page-cpu.md). With the session,
 * the account's own language setting (`locale`, Player.locale: lib/portal/portal-locale.ts), read in the same query.
 */
export const getSignedInSessionOfCookies = async (cookies: readonly { name: string; value: string }[]): Promise<SignedInSession | null> => {
  const secret = ensureAuthEnv();
  const token = await getToken({
    // no headers: getServerSession never reads a session from an Authorization header, and neither does this
    req: { cookies: Object.fromEntries(cookies.map((c) => [c.name, c.value])), headers: {} } as unknown as Parameters<typeof getToken>[0]["req"],
    secret,
    secureCookie: process.env.NEXTAUTH_URL?.startsWith("https://") ?? false,
    decode: ({ token: raw, secret: key }) => decodeOnce(raw, String(key)),
  });
  return checkedSession(token ? { playerId: token.sub, stamp: token.stamp, sid: token.sid } : null);
};

/** A signed-in session: its player, the id of the sign-in (getSignedInSession) and the account's language setting (null: none). */
export type SignedInSession = { player: SignedInPlayer; sessionId: string; locale: string | null };

type SessionClaims = { playerId?: string; stamp?: unknown; sid?: unknown };

/** The session's player, if the account still exists and its password is the one the session signed in with. */
const checkedSession = async (session: SessionClaims | null): Promise<SignedInSession | null> => {
  if (!session?.playerId || !session.stamp) return null;
  const player = await getDb().player.findUnique({
    where: { id: session.playerId },
    select: { id: true, email: true, name: true, passwordHash: true, locale: true },
  });
  if (!player?.passwordHash || passwordStampOf(player.passwordHash, ensureAuthEnv()) !== session.stamp) return null;
  return {
    player: { playerId: player.id, email: player.email, name: player.name },
    sessionId: typeof session.sid === "string" ? session.sid : "",
    locale: player.locale,
  };
};

// Decrypted cookies by their text (the cookie is authenticated encryption: the same text is the same
// session), kept until they expire; a bounded number, the oldest dropped first. A cookie that fails to
// decrypt is not kept. Deriving the key (HKDF) and decrypting cost about 1 ms a call.
const DECODED_MAX = 1_000;
/** the tolerance next-auth's decode gives `exp` */
const CLOCK_TOLERANCE_S = 15;
const decoded = new Map<string, JWT>();
let decodedSecret = "";

const decodeOnce = async (raw: string | undefined, secret: string): Promise<JWT | null> => {
  if (!raw) return null;
  if (secret !== decodedSecret) {
    decoded.clear();
    decodedSecret = secret;
  }
  const hit = decoded.get(raw);
  if (hit) {
    if (typeof hit.exp === "number" && hit.exp >= Date.now() / 1000 - CLOCK_TOLERANCE_S) return hit;
    decoded.delete(raw);
  }
  const payload = await decode({ token: raw, secret });
  if (!payload) return null;
  if (decoded.size >= DECODED_MAX) decoded.delete(decoded.keys().next().value!);
  decoded.set(raw, payload);
  return payload;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { AUTH_OPTIONS_ERRORS } from "./auth-options.ts";
export const GET_SIGNED_IN_PLAYER_ERRORS = [...AUTH_OPTIONS_ERRORS] as const satisfies readonly ErrorCode[];

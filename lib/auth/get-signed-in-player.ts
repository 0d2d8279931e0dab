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
export const getSignedInSession = async (): Promise<{ player: SignedInPlayer; sessionId: string } | null> => {
  const session = (await getServerSession(authOptions)) as { playerId?: string; stamp?: string; sid?: string } | null;
  if (!session?.playerId || !session.stamp) return null;
  const player = await getDb().player.findUnique({ where: { id: session.playerId }, select: { id: true, email: true, name: true, passwordHash: true } });
  if (!player?.passwordHash || passwordStampOf(player.passwordHash, ensureAuthEnv()) !== session.stamp) return null;
  return { player: { playerId: player.id, email: player.email, name: player.name }, sessionId: typeof session.sid === "string" ? session.sid : "" };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { AUTH_OPTIONS_ERRORS } from "./auth-options.ts";
export const GET_SIGNED_IN_PLAYER_ERRORS = [...AUTH_OPTIONS_ERRORS] as const satisfies readonly ErrorCode[];

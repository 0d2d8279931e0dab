import { getServerSession } from "next-auth/next";
import { getDb } from "../db/client.ts";
import { authOptions } from "./auth-options.ts";

export type SignedInPlayer = { playerId: string; email: string; name: string };

/**
 * The player signed in on this request (server components and server actions), read from the
 * next-auth session cookie and checked against the database; null when nobody is signed in or the
 * account no longer exists.
 */
export const getSignedInPlayer = async (): Promise<SignedInPlayer | null> => {
  const session = (await getServerSession(authOptions)) as { playerId?: string } | null;
  if (!session?.playerId) return null;
  const player = await getDb().player.findUnique({ where: { id: session.playerId }, select: { id: true, email: true, name: true } });
  return player ? { playerId: player.id, email: player.email, name: player.name } : null;
};

// next-auth (v4) for players on the hosted pages: email + password through the credentials
// provider, sessions in a signed, encrypted JWT cookie (no session table, nothing online).
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { ensureAuthEnv } from "./auth-secret.ts";
import { signUpPlayer } from "./sign-up-player.ts";
import { verifyPlayerPassword } from "./verify-player-password.ts";

/** The provider id the hosted forms sign in with. */
export const PLAYER_CREDENTIALS = "player-credentials";

/** "signin" checks the password; "signup" creates the account (or claims a guest one) first. */
export type CredentialsMode = "signin" | "signup";

type Credentials = Record<"email" | "password" | "name" | "mode", string> | undefined;

/** Signs the player in or up; a thrown Error's message reaches the form as `error`. */
export const authorizePlayer = async (credentials: Credentials) => {
  const { email = "", password = "", name, mode = "signin" } = credentials ?? {};
  try {
    const db = getDb();
    const player = mode === "signup" ? await signUpPlayer(db, { email, password, name }) : await verifyPlayerPassword(db, { email, password });
    return { id: player.id, email: player.email, name: player.name || null };
  } catch (e) {
    // next-auth turns any thrown Error into ?error=<message>; keep unexpected failures vague.
    if (e instanceof AppError) throw new Error(e.message);
    console.error("[auth] sign-in failed:", e);
    throw new Error("Something went wrong while signing you in. Please try again.");
  }
};

export const authOptions: NextAuthOptions = {
  secret: ensureAuthEnv(),
  session: { strategy: "jwt", maxAge: 7 * 24 * 3600 },
  providers: [
    CredentialsProvider({
      id: PLAYER_CREDENTIALS,
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
        name: { label: "Name", type: "text" },
        mode: { label: "Mode", type: "text" },
      },
      authorize: authorizePlayer,
    }),
  ],
  callbacks: {
    session: ({ session, token }) => ({ ...session, playerId: token.sub }),
  },
  logger: {
    error: (code, metadata) => console.error(`[auth] ${code}`, metadata),
    warn: (code) => console.warn(`[auth] ${code}`),
    debug: () => undefined,
  },
};

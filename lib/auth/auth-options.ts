// next-auth (v4) for players on the hosted pages, through the credentials provider, with sessions in a
// signed, encrypted JWT cookie (no session table, nothing online). Three ways in, each proving something:
//   - "signin": email and password;
//   - "verify": a mailed sign-up link (its token) and the password chosen at sign-up (verify-email.ts);
//   - "reset": a mailed reset link (its token) and a new password (reset-password.ts).
// Sign-up itself is not here: it signs nobody in, it only mails a link (request-sign-up.ts).
import { randomBytes } from "node:crypto";
import type { NextAuthOptions } from "next-auth";
import credentialsProvider from "next-auth/providers/credentials";
import { getDb } from "../db/client.ts";
import { AppError } from "../core/errors.ts";
import { sameOriginReturnPath } from "../core/return-to.ts";
import { ensureAuthEnv } from "./auth-secret.ts";
import { clientIpOf } from "./client-ip.ts";
import { passwordStampOf } from "./password-hash.ts";
import { resetPassword } from "./reset-password.ts";
import { verifyEmail } from "./verify-email.ts";
import { verifyPlayerPassword } from "./verify-player-password.ts";

// next-auth is CommonJS with `exports.default`: a bundler and vitest hand the function over as the default
// import, Node (which loads lib/ for the pages too: docs/decisions/architecture.md) the module object.
const CredentialsProvider =
  typeof credentialsProvider === "function" ? credentialsProvider : (credentialsProvider as unknown as { default: typeof credentialsProvider }).default;

/** The provider id the hosted forms sign in with. */
export const PLAYER_CREDENTIALS = "player-credentials";

export type CredentialsMode = "signin" | "verify" | "reset";

type Credentials = Partial<Record<"email" | "password" | "mode" | "token", string>> | undefined;
type AuthRequest = { headers?: Record<string, string | string[] | undefined> } | undefined;

/** The user next-auth puts in the cookie: the player, and the stamp of the password they signed in with. */
export type PlayerUser = { id: string; email: string; name: string | null; stamp: string };

/** Signs the player in one of the three ways; a thrown Error's message reaches the form as `error`. */
export const authorizePlayer = async (credentials: Credentials, req?: AuthRequest): Promise<PlayerUser> => {
  const { email = "", password = "", mode = "signin", token = "" } = credentials ?? {};
  const ip = clientIpOf(req?.headers ?? {});
  try {
    const db = getDb();
    const player =
      mode === "verify"
        ? await verifyEmail({ db }, { token, password, ip })
        : mode === "reset"
          ? await resetPassword({ db }, { token, password })
          : await verifyPlayerPassword({ db }, { email, password, ip });
    return { id: player.id, email: player.email, name: player.name || null, stamp: passwordStampOf(player.passwordHash ?? "", ensureAuthEnv()) };
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
        mode: { label: "Mode", type: "text" },
        token: { label: "Token", type: "text" },
      },
      authorize: authorizePlayer,
    }),
  ],
  callbacks: {
    // `sid`: this sign-in's own random id, kept while next-auth refreshes the cookie: what binds the operator
    // console's second factor to one session (lib/operator/operator-session.ts)
    jwt: ({ token, user }) => (user ? { ...token, stamp: (user as unknown as PlayerUser).stamp, sid: randomBytes(16).toString("hex") } : token),
    session: ({ session, token }) => ({ ...session, playerId: token.sub, stamp: token.stamp, sid: token.sid }),
    // callbackUrl (a parameter or next-auth's cookie): the same return-target rule as returnTo
    // (lib/core/return-to.ts), not next-auth's default prefix test; anything else goes to the base URL.
    redirect: ({ url, baseUrl }) => {
      const path = sameOriginReturnPath(url, baseUrl);
      return path ? `${new URL(baseUrl).origin}${path}` : baseUrl;
    },
  },
  logger: {
    error: (code, metadata) => console.error(`[auth] ${code}`, metadata),
    warn: (code) => console.warn(`[auth] ${code}`),
    debug: () => undefined,
  },
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESET_PASSWORD_ERRORS } from "./reset-password.ts";
import { VERIFY_EMAIL_ERRORS } from "./verify-email.ts";
import { VERIFY_PLAYER_PASSWORD_ERRORS } from "./verify-player-password.ts";
export const AUTH_OPTIONS_ERRORS = [...RESET_PASSWORD_ERRORS, ...VERIFY_EMAIL_ERRORS, ...VERIFY_PLAYER_PASSWORD_ERRORS] as const satisfies readonly ErrorCode[];

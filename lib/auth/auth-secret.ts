// NEXTAUTH_SECRET signs and encrypts the session cookie; NEXTAUTH_URL is where next-auth builds its
// own URLs. Both have defaults so `npm run dev` works offline with no setup.
import { randomBytes } from "node:crypto";

let warned = false;

/**
 * Makes sure NEXTAUTH_SECRET and NEXTAUTH_URL are set for this process. Without NEXTAUTH_SECRET a
 * random one is generated (and a warning logged): sign-ins then last until the process restarts.
 * It lives in process.env, so every bundle of the server (route handlers, pages, actions) shares it.
 */
export const ensureAuthEnv = (): string => {
  if (!process.env.NEXTAUTH_URL) {
    const appUrl = process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`;
    process.env.NEXTAUTH_URL = appUrl.replace(/\/+$/, "");
  }
  if (!process.env.NEXTAUTH_SECRET) {
    process.env.NEXTAUTH_SECRET = randomBytes(32).toString("base64url");
    if (!warned && process.env.NODE_ENV !== "test") {
      warned = true;
      console.warn("[auth] NEXTAUTH_SECRET is not set: using a random secret for this process, so player sign-ins end when it restarts. Set NEXTAUTH_SECRET (e.g. `openssl rand -base64 32`) in production.");
    }
  }
  return process.env.NEXTAUTH_SECRET;
};

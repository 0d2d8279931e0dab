// NEXTAUTH_SECRET signs and encrypts the session cookie; NEXTAUTH_URL is where next-auth builds its
// own URLs. Both have defaults so `npm run dev` works offline with no setup.
import { sessionSecret } from "../config/session-secret.ts";

/**
 * Makes sure NEXTAUTH_SECRET and NEXTAUTH_URL are set for this process. Without NEXTAUTH_SECRET it is
 * derived from the master secret (lib/config), so sign-ins survive restarts and every process agrees.
 * It lives in process.env, so every bundle of the server (route handlers, pages, actions) shares it.
 */
export const ensureAuthEnv = (): string => {
  if (!process.env.NEXTAUTH_URL) {
    const appUrl = process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`;
    process.env.NEXTAUTH_URL = appUrl.replace(/\/+$/, "");
  }
  process.env.NEXTAUTH_SECRET = sessionSecret();
  return process.env.NEXTAUTH_SECRET;
};

// NEXTAUTH_SECRET signs and encrypts the session cookie; NEXTAUTH_URL is where next-auth builds its
// own URLs. Both have defaults so `npm run dev` works offline with no setup.
import { config, envChanged } from "../config/env.ts";
import { sessionSecret } from "../config/session-secret.ts";
import { appBaseUrl } from "../config/settings.ts";

/**
 * Makes sure NEXTAUTH_SECRET and NEXTAUTH_URL are set for this process. Without NEXTAUTH_SECRET it is
 * derived from the master secret (lib/config), so sign-ins survive restarts and every process agrees.
 * It lives in process.env, so every bundle of the server (route handlers, pages, actions) shares it.
 */
export const ensureAuthEnv = (): string => {
  // the two writes are next-auth's own interface: it reads them from process.env
  if (!config().NEXTAUTH_URL) process.env.NEXTAUTH_URL = appBaseUrl();
  const secret = sessionSecret();
  process.env.NEXTAUTH_SECRET = secret;
  envChanged();
  return secret;
};

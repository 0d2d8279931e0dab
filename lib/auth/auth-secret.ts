// NEXTAUTH_SECRET signs and encrypts the session cookie; NEXTAUTH_URL is where next-auth builds its
// own URLs. Both have defaults so `npm run dev` works offline with no setup.
import { config, envChanged } from "../config/env.ts";
import { sessionSecret } from "../config/session-secret.ts";
import { appBaseUrl } from "../config/settings.ts";

/**
 * Makes sure NEXTAUTH_SECRET and NEXTAUTH_URL are set for this process. Without NEXTAUTH_SECRET it is
 * derived from the master secret (lib/config), so sign-ins survive restarts and every process agrees.
 * It lives in process.env, so every bundle of the server (route handlers, pages, actions) shares it.
 * Every signed-in page asks (lib/auth/get-signed-in-player.ts), so it reads the memoized settings (config())
 * and writes, and tells lib/config, only when a value changes: parsing the whole environment again on each
 * call cost a portal page about 2 ms of CPU (docs/decisions/portal-page-cpu.md).
 */
export const ensureAuthEnv = (): string => {
  const env = config();
  let changed = false;
  // the two writes are next-auth's own interface: it reads them from process.env
  if (!env.NEXTAUTH_URL) {
    process.env.NEXTAUTH_URL = appBaseUrl(env);
    changed = true;
  }
  const secret = env.NEXTAUTH_SECRET ?? sessionSecret();
  if (process.env.NEXTAUTH_SECRET !== secret) {
    process.env.NEXTAUTH_SECRET = secret;
    changed = true;
  }
  if (changed) envChanged();
  return secret;
};

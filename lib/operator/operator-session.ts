// The second factor's proof: a cookie the console sets once an operator typed a good code, signed with a key
// derived for this purpose (HMAC-SHA256, "operator-session"), bound to the operator row's id, the player and
// that player's sign-in (next-auth's `sid`), and expiring after OPERATOR_SESSION_HOURS. Another operator's
// cookie, a cookie from an earlier sign-in, an edited or expired one: all read as no second factor. The
// guard (require-operator.ts) also re-reads the Operator row on every request, so `npm run operator -- remove`
// ends access at the next click.
import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey } from "../config/derive-key.ts";

export const OPERATOR_SESSION_HOURS = 12;
export const OPERATOR_COOKIE = "coinop_operator";

export type OperatorSessionClaims = { operatorId: string; playerId: string; sessionId: string; expiresAt: number };

const mac = (payload: string) => createHmac("sha256", deriveKey("operator-session")).update(payload).digest("base64url");

/** The cookie's value for these claims. */
export const signOperatorSession = (claims: OperatorSessionClaims): string => {
  const payload = Buffer.from(JSON.stringify([claims.operatorId, claims.playerId, claims.sessionId, claims.expiresAt])).toString("base64url");
  return `${payload}.${mac(payload)}`;
};

/** The claims of a cookie this instance signed and that has not expired at `now`; null for anything else. */
export const readOperatorSession = (value: string | undefined | null, now: Date): OperatorSessionClaims | null => {
  if (!value || value.length > 1000) return null;
  const [payload = "", signature = "", ...rest] = value.split(".");
  if (rest.length) return null;
  const expected = Buffer.from(mac(payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [operatorId, playerId, sessionId, expiresAt] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown[];
    if (typeof operatorId !== "string" || typeof playerId !== "string" || typeof sessionId !== "string" || typeof expiresAt !== "number") return null;
    if (expiresAt <= now.getTime()) return null;
    return { operatorId, playerId, sessionId, expiresAt };
  } catch {
    return null;
  }
};

/** How the console sets the cookie: httpOnly, SameSite=Strict, Secure in production, only under /operator. */
export const operatorCookieOptions = (production: boolean, expiresAt: Date) => ({
  httpOnly: true,
  sameSite: "strict" as const,
  secure: production,
  path: "/operator",
  expires: expiresAt,
});

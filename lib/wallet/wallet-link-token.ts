// The credential of a hosted wallet page: base64url(JSON claims) "." base64url(HMAC-SHA256). The key is
// derived from the game's webhook secret, so no extra server secret is needed and rotating the game's
// secret revokes every open link. Claims: game, environment, userRef, expiry (seconds since the epoch).
import { createHmac, timingSafeEqual } from "node:crypto";

export type WalletClaims = { g: string; e: string; u: string; x: number };

/** The lifetime of a wallet management link. */
export const WALLET_LINK_TTL_SECONDS = 3600;

const mac = (secret: string, payload: string) => createHmac("sha256", `wallet-link:${secret}`).update(payload).digest("base64url");

export const signWalletToken = (claims: WalletClaims, secret: string): string => {
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${payload}.${mac(secret, payload)}`;
};

/** The claims of a well-formed token, without checking the signature (to find the game's secret). */
export const readWalletToken = (token: string): WalletClaims | null => {
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return typeof c?.g === "string" && typeof c?.e === "string" && typeof c?.u === "string" && Number.isInteger(c?.x) ? c : null;
  } catch {
    return null;
  }
};

/** True when the signature matches `secret` (constant time) and the token has not expired. */
export const verifyWalletToken = (token: string, secret: string, now = Date.now()): boolean => {
  const [payload, sig] = token.split(".");
  const claims = readWalletToken(token);
  if (!claims) return false;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) && claims.x * 1000 > now;
};

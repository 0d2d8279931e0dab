// The credential of a hosted wallet page: base64url(JSON claims) "." base64url(HMAC-SHA256). The key is
// the server's `wallet-link` key (derived from the master secret, lib/config/derive-key.ts), narrowed to
// one game by the game's current webhook secret: the game cannot mint tokens itself (it knows its webhook
// secret, not the server's key), and rotating that secret still revokes every open link.
// Claims: game, environment, userRef, expiry (seconds since the epoch).
import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey } from "../config/derive-key.ts";

export type WalletClaims = { g: string; e: string; u: string; x: number };

/** The lifetime of a wallet management link. */
export const WALLET_LINK_TTL_SECONDS = 3600;

/** `gameSecret` is the game's webhook secret: it binds the key to the game (and to the secret's rotation). */
const mac = (gameSecret: string, payload: string) => createHmac("sha256", deriveKey("wallet-link", gameSecret)).update(payload).digest("base64url");

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

/** True when the signature matches the game's key for `secret` (constant time) and the token has not expired. */
export const verifyWalletToken = (token: string, secret: string, now = Date.now()): boolean => {
  const [payload, sig] = token.split(".");
  const claims = readWalletToken(token);
  if (!claims) return false;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) && claims.x * 1000 > now;
};

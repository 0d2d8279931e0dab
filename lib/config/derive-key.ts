// One key per purpose, derived from the master secret with HKDF-SHA256 (RFC 5869): a signature made for
// one purpose never verifies for another, and no purpose signs with the master secret itself.
import { hkdfSync } from "node:crypto";
import { masterSecret } from "./master-secret.ts";

/**
 * What a key signs. `checkout-grant-url`: the grant id in /checkout/g/…?sig=; `checkout-purchase-url`:
 * the purchase id in the success and cancel URLs; `wallet-link`: the /wallet/<token> credential;
 * `nextauth-session`: player sessions when NEXTAUTH_SECRET is unset; `invoice-url`: the hosted invoice page /invoice/<publicInvoiceId>?sig=;
 * `operator-totp`: seals the operator console's TOTP secrets at rest (AES-256-GCM); `operator-session`: signs
 * the operator console's second-factor cookie.
 */
export type KeyPurpose =
  "checkout-grant-url" | "checkout-purchase-url" | "wallet-link" | "nextauth-session" | "invoice-url" | "operator-totp" | "operator-session";

const cache = new Map<string, Buffer>();

/**
 * The 32-byte key of `purpose`, optionally narrowed by `context` (e.g. the game a wallet link belongs to).
 * The HKDF info is "coinop:<purpose>" plus the context; the master secret is read on each call (tests
 * change it), and keys are cached per master secret.
 */
export const deriveKey = (purpose: KeyPurpose, context?: string): Buffer => {
  const master = masterSecret();
  const info = context === undefined ? `coinop:${purpose}` : `coinop:${purpose}:${context}`;
  const id = `${master}\u0000${info}`;
  const hit = cache.get(id);
  if (hit) return hit;
  const key = Buffer.from(hkdfSync("sha256", master, "", info, 32));
  // Contexts are per game: bound the cache so it cannot grow with them.
  if (cache.size > 1000) cache.clear();
  cache.set(id, key);
  return key;
};

// Signed checkout URLs. A grant URL is the consumer's credential (game-api.md Authentication), so its
// grant id carries an HMAC-SHA256 signature; every place that accepts a URL checks it in constant time.
// Each kind of URL has its own key, derived from the master secret (lib/config/derive-key.ts): a grant
// signature does not open a purchase's success or cancel URL, nor the other way round.
import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey, type KeyPurpose } from "../config/derive-key.ts";
import { masterSecret } from "../config/master-secret.ts";
import { appBaseUrl } from "../config/settings.ts";

/** The master secret (COINOP_SECRET, or its former name CHECKOUT_SIGNING_SECRET); signing keys derive from it. */
export const signingSecret = (): string => masterSecret();

const sign = (purpose: KeyPurpose, id: string): string => createHmac("sha256", deriveKey(purpose)).update(id).digest("hex");

const verify = (purpose: KeyPurpose, id: string, sig: string | null | undefined): boolean => {
  if (!sig || !/^[0-9a-f]{64}$/.test(sig)) return false;
  return timingSafeEqual(Buffer.from(sign(purpose, id), "hex"), Buffer.from(sig, "hex"));
};

/** The hex HMAC-SHA256 of a purchase id, for its success and cancel URLs (key `checkout-purchase-url`). */
export const signId = (id: string): string => sign("checkout-purchase-url", id);
/** The hex HMAC-SHA256 of a grant id, for its checkout URL (key `checkout-grant-url`). */
export const signGrantId = (grantId: string): string => sign("checkout-grant-url", grantId);

/** True when `sig` is the signature of purchase `id` (success and cancel URLs; constant-time comparison). */
export const verifyIdSignature = (id: string, sig: string | null | undefined): boolean => verify("checkout-purchase-url", id, sig);
/** True when `sig` is the signature of `grantId` (constant-time comparison). */
export const verifyGrantSignature = (grantId: string, sig: string | null | undefined): boolean => verify("checkout-grant-url", grantId, sig);

/** The success page of a checkout purchase (its purchase id signed, so nobody else's receipt can be opened). */
export const successUrlPath = (purchaseId: string): string => `/checkout/success/${encodeURIComponent(purchaseId)}?sig=${signId(purchaseId)}`;
/** Where Stripe sends a payer who backs out: cancels the purchase and returns to the checkout. */
export const cancelUrlPath = (purchaseId: string): string => `/checkout/cancel/${encodeURIComponent(purchaseId)}?sig=${signId(purchaseId)}`;
/** The page path of a checkout reference. */
export const checkoutPath = (ref: CheckoutRef): string =>
  ref.kind === "grant" ? `/checkout/g/${encodeURIComponent(ref.grantId)}?sig=${signGrantId(ref.grantId)}` : `/checkout/r/${encodeURIComponent(ref.token)}`;

export const grantCheckoutUrl = (grantId: string): string => `${appBaseUrl()}/checkout/g/${encodeURIComponent(grantId)}?sig=${signGrantId(grantId)}`;
export const sessionCheckoutUrl = (token: string): string => `${appBaseUrl()}/checkout/r/${encodeURIComponent(token)}`;

export type CheckoutRef = { kind: "grant"; grantId: string } | { kind: "session"; token: string };

/**
 * What a checkout URL points at: a grant (only with a valid signature) or a redirect session. Any host is
 * accepted (the server may sit behind several names); the path and the signature decide. Null when the
 * URL is not a checkout URL or its signature is wrong.
 */
export const parseCheckoutUrl = (raw: string): CheckoutRef | null => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const grant = /^\/checkout\/g\/([^/]+)\/?$/.exec(url.pathname);
  if (grant) {
    const grantId = decodeSegment(grant[1]);
    return grantId !== null && verifyGrantSignature(grantId, url.searchParams.get("sig")) ? { kind: "grant", grantId } : null;
  }
  const session = /^\/checkout\/r\/([^/]+)\/?$/.exec(url.pathname);
  const token = session ? decodeSegment(session[1]) : null;
  return token !== null ? { kind: "session", token } : null;
};

/** A decoded path segment; null for a malformed %-escape. */
const decodeSegment = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

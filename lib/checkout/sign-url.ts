// Signed checkout URLs. A grant URL is the consumer's credential (game-api.md Authentication), so its
// grant id carries an HMAC-SHA256 signature made with a server secret; every place that accepts a URL
// checks it in constant time.
import { createHmac, timingSafeEqual } from "node:crypto";
import { appBaseUrl } from "../linking/link-session-url.ts";

const DEV_SECRET = "coinop-dev-checkout-signing-secret";
let warned = false;

/** CHECKOUT_SIGNING_SECRET, or a fixed development default (with a warning outside tests). */
export const signingSecret = (): string => {
  const s = process.env.CHECKOUT_SIGNING_SECRET;
  if (s) return s;
  if (!warned && process.env.NODE_ENV !== "test") {
    warned = true;
    console.warn("[checkout] CHECKOUT_SIGNING_SECRET is not set: checkout grant URLs are signed with a development default. Set it (e.g. `openssl rand -hex 32`) in production.");
  }
  return DEV_SECRET;
};

/** The hex HMAC-SHA256 of an id (a grant id; a purchase id for the success page). */
export const signId = (id: string): string => createHmac("sha256", signingSecret()).update(id).digest("hex");
export const signGrantId = signId;

/** True when `sig` is the signature of `grantId` (constant-time comparison). */
export const verifyIdSignature = (id: string, sig: string | null | undefined): boolean => {
  if (!sig || !/^[0-9a-f]{64}$/.test(sig)) return false;
  return timingSafeEqual(Buffer.from(signId(id), "hex"), Buffer.from(sig, "hex"));
};
export const verifyGrantSignature = verifyIdSignature;

/** The success page of a checkout purchase (its purchase id signed, so nobody else's receipt can be opened). */
export const successUrlPath = (purchaseId: string): string => `/checkout/success/${encodeURIComponent(purchaseId)}?sig=${signId(purchaseId)}`;
/** Where Stripe sends a payer who backs out: cancels the purchase and returns to the checkout. */
export const cancelUrlPath = (purchaseId: string): string => `/checkout/cancel/${encodeURIComponent(purchaseId)}?sig=${signId(purchaseId)}`;
/** The page path of a checkout reference. */
export const checkoutPath = (ref: CheckoutRef): string =>
  ref.kind === "grant" ? `/checkout/g/${encodeURIComponent(ref.grantId)}?sig=${signId(ref.grantId)}` : `/checkout/r/${encodeURIComponent(ref.token)}`;

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
    const grantId = decodeURIComponent(grant[1]);
    return verifyGrantSignature(grantId, url.searchParams.get("sig")) ? { kind: "grant", grantId } : null;
  }
  const session = /^\/checkout\/r\/([^/]+)\/?$/.exec(url.pathname);
  return session ? { kind: "session", token: decodeURIComponent(session[1]) } : null;
};

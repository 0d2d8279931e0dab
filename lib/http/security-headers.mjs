// @ts-check
// The response headers of the hosted pages and the API, applied by next.config.mjs `headers()`. Plain
// JavaScript so next.config.mjs can import it on every supported Node.js line; typed by the .d.mts beside it.

/**
 * The Content-Security-Policy of every page. `frame-ancestors 'none'`: no other site may frame a page
 * (clickjacking the checkout or the link approval). Scripts and styles allow 'unsafe-inline' because
 * Next.js streams its data in inline <script> tags and the pages are not nonced (a nonce would need the
 * proxy on every page, which buffers server-action bodies: docs/decisions/security.md). Images may come from any
 * http(s) host: tenants' logos and product images are theirs. 'unsafe-eval' only in `next dev`.
 * `frameAncestors` replaces 'none' for the pages this site frames itself (SELF_FRAMED_PAGES).
 * @param {{ dev?: boolean; frameAncestors?: string }} [options]
 * @returns {string}
 */
export const contentSecurityPolicy = ({ dev = false, frameAncestors = "'none'" } = {}) =>
  [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'self'",
    `frame-ancestors ${frameAncestors}`,
    "object-src 'none'",
    "base-uri 'self'",
  ].join("; ");

/**
 * Pages whose URL is itself a credential (a signed grant id, a purchase signature, a session key, a wallet
 * token, an invite code, a fund session key, a gift claim code, a mailed token). `same-origin` sends no Referer at all to other sites; `no-referrer` would also
 * turn the Origin of a same-origin form POST into "null", which Next.js refuses for a server action.
 */
export const CREDENTIAL_PAGES = [
  "/checkout/:path*",
  "/wallet/:path*",
  "/link/:path*",
  "/join/:path*",
  "/invoice/:path*",
  "/fund/:path*",
  "/gift/:path*",
  "/business/connect/:path*",
  "/account/verify/:path*",
  "/account/reset/:path*",
];

/**
 * Portal pages that the portal itself frames: the checkout theme editor's live preview (the real checkout
 * painted with a draft theme). Framable by this origin only ('self', SAMEORIGIN); every other page keeps 'none'.
 */
export const SELF_FRAMED_PAGES = ["/portal/:businessId/games/:gameId/theme/preview"];

/**
 * The `headers()` rules, in order (a later rule overrides an earlier one for the same header).
 * @param {{ dev?: boolean }} [options]
 * @returns {{ source: string; headers: { key: string; value: string }[] }[]}
 */
export const securityHeaders = ({ dev = false } = {}) => [
  {
    source: "/:path*",
    headers: [
      { key: "X-Content-Type-Options", value: "nosniff" },
      { key: "X-Frame-Options", value: "DENY" },
      { key: "Content-Security-Policy", value: contentSecurityPolicy({ dev }) },
      { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    ],
  },
  ...CREDENTIAL_PAGES.map((source) => ({ source, headers: [{ key: "Referrer-Policy", value: "same-origin" }] })),
  ...SELF_FRAMED_PAGES.map((source) => ({
    source,
    headers: [
      { key: "X-Frame-Options", value: "SAMEORIGIN" },
      { key: "Content-Security-Policy", value: contentSecurityPolicy({ dev, frameAncestors: "'self'" }) },
    ],
  })),
];

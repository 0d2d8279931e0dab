// @ts-check
// The response headers of the hosted pages and the API, applied by next.config.mjs `headers()`, and the
// per-request Content-Security-Policy of the pages, applied by proxy.ts. Plain JavaScript so
// next.config.mjs can import it on every supported Node.js line; typed by the .d.mts beside it.

/**
 * The Content-Security-Policy of a response. `frame-ancestors 'none'`: no other site may frame a page
 * (clickjacking the checkout or the link approval).
 *
 * Scripts: with a `nonce` (proxy.ts makes one per page request), only scripts carrying it run, and the
 * scripts those load ('strict-dynamic': Next.js's chunks, Scalar's bundle); Next.js puts the nonce on its own
 * scripts when it renders the page, and the /docs route on Scalar's. An injected inline script has no nonce
 * and does not run. Without a nonce (the fallback of next.config.mjs `headers()`, for what the proxy does not
 * see: API answers, static files, a form POST over 1 MB) only same-origin script files run, no inline script.
 * 'unsafe-eval' only in `next dev`.
 *
 * Styles keep 'unsafe-inline': React's `style` props become style attributes, which a nonce cannot cover
 * (a nonce in style-src would switch 'unsafe-inline' off), and Scalar injects its styles at run time. A
 * style cannot run script (docs/decisions/security.md).
 *
 * Images may come from any http(s) host: tenants' logos and product images are theirs.
 * `frameAncestors` replaces 'none' for the pages this site frames itself (SELF_FRAMED_PAGES).
 * @param {{ dev?: boolean; frameAncestors?: string; nonce?: string }} [options]
 * @returns {string}
 */
export const contentSecurityPolicy = ({ dev = false, frameAncestors = "'none'", nonce } = {}) =>
  [
    "default-src 'self'",
    `script-src 'self'${nonce ? ` 'nonce-${nonce}' 'strict-dynamic'` : ""}${dev ? " 'unsafe-eval'" : ""}`,
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
 * The policy of an uploaded file (GET /uploads/<name>, app/uploads/[...path]/route.ts): it is an image and
 * runs nothing, loads nothing. The route sends it, and the `headers()` rule for /uploads sends the same, so
 * that the global page policy (a rule before it) does not replace it: Next.js keeps a `headers()` value
 * over the one a route handler sets.
 */
export const UPLOADS_CONTENT_SECURITY_POLICY = "default-src 'none'";

/**
 * The policy of a supporting document served to an operator (GET /operator/documents/<id>, lib/documents
 * documentHeaders): it runs nothing, loads nothing, and opens sandboxed (a PDF or image, never the site's
 * origin). Sent by a `headers()` rule too, for the same reason as the uploads' (proxy.ts does not run there).
 */
export const DOCUMENT_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

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

/** The frame-ancestors of the page at `pathname`: 'self' for SELF_FRAMED_PAGES, else 'none' (proxy.ts). */
export const frameAncestorsFor = (/** @type {string} */ pathname) =>
  /^\/portal\/[^/]+\/games\/[^/]+\/theme\/preview\/?$/.test(pathname) ? "'self'" : "'none'";

/**
 * The `headers()` rules, in order (a later rule overrides an earlier one for the same header). On a page,
 * proxy.ts then replaces the Content-Security-Policy with the same policy and the request's nonce.
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
  { source: "/uploads/:path*", headers: [{ key: "Content-Security-Policy", value: UPLOADS_CONTENT_SECURITY_POLICY }] },
  { source: "/operator/documents/:path*", headers: [{ key: "Content-Security-Policy", value: DOCUMENT_CONTENT_SECURITY_POLICY }] },
];

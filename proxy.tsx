// Runs before routing, on the pages (and /docs): a fresh nonce per request, in the Content-Security-Policy of
// the request (Next.js reads it there and puts it on every script it renders) and of the response (the browser
// then runs only those scripts). next.config.mjs `headers()` sends the same policy without a nonce first; this
// one replaces it. /api/v1 never reaches Next.js: scripts/serve.ts hands it to the API dispatch (lib/ops).
import { randomBytes } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { PAGE_URL_HEADER } from "./app/_lib/page-kind";
import { contentSecurityPolicy, frameAncestorsFor } from "./lib/http/security-headers.mjs";

/** 128 random bits, base64: what CSP's nonce-source and Next.js's nonce parser accept. */
const newNonce = () => randomBytes(16).toString("base64");

const nonceThePage = (req: NextRequest) => {
  const policy = contentSecurityPolicy({
    dev: process.env.NODE_ENV === "development",
    frameAncestors: frameAncestorsFor(req.nextUrl.pathname),
    nonce: newNonce(),
  });
  const headers = new Headers(req.headers);
  headers.set("content-security-policy", policy);
  // the page's path for its `<html lang>` (app/_lib/page-locale.ts); set here, never taken from the client
  headers.set(PAGE_URL_HEADER, req.nextUrl.pathname + req.nextUrl.search);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", policy);
  return res;
};

export const proxy = nonceThePage;

// Next.js reads the whole body of a request it hands to the proxy into memory (to clone it) before the
// page runs, at any size. So the proxy sees only requests without a body over about 1 MB: one of unknown
// length (chunked) or a larger Content-Length goes straight to its page or handler; a page answering such a POST (a server action's form posted before the page's scripts ran) keeps the policy
// without a nonce, so its scripts do not run (docs/decisions/security.md).
// Pages: every path but the API, Next's static files, uploads and the operator console's documents (their own
// policy), the Scalar bundle and the
// favicon; not a router prefetch (a data payload that runs nothing; its policy is the one without a nonce).
export const config = {
  matcher: [
    {
      source: "/((?!api/|_next/static/|_next/image|uploads/|operator/documents/|docs/scalar\\.js|favicon\\.svg).*)",
      missing: [
        { type: "header", key: "transfer-encoding" },
        { type: "header", key: "content-length", value: "0*[1-9][0-9]{6,}" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};

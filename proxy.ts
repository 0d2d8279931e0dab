// Runs before routing, for two things:
// - /api/v1: Next.js answers a method that a route file does not export with an empty 405; the API answers
//   with its JSON error body and an Allow header instead, like every other 4xx.
// - the pages (and /docs): a fresh nonce per request, in the Content-Security-Policy of the request (Next.js
//   reads it there and puts it on every script it renders) and of the response (the browser then runs only
//   those scripts). next.config.mjs `headers()` sends the same policy without a nonce first; this one replaces it.
import { randomBytes, randomUUID } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { AppError, errorBody } from "./lib/core/errors";
import { contentSecurityPolicy, frameAncestorsFor } from "./lib/http/security-headers.mjs";
import { methodsFor } from "./lib/http/method-table";
import { ROUTE_METHODS } from "./lib/http/route-methods";

const answerWrongMethod = (req: NextRequest) => {
  const method = req.method.toUpperCase();
  if (method === "HEAD" || method === "OPTIONS") return NextResponse.next();
  const apiPath = req.nextUrl.pathname.replace(/^\/api/, "");
  const methods = methodsFor(ROUTE_METHODS, apiPath);
  if (!methods || methods.includes(method)) return NextResponse.next();
  const requestId = req.headers.get("x-request-id")?.slice(0, 64) || `req_${randomUUID().replace(/-/g, "")}`;
  const allowed = methods.join(", ");
  const refused = new AppError("METHOD_NOT_ALLOWED", `${method} is not supported on ${req.nextUrl.pathname}; use ${allowed}.`);
  return NextResponse.json(errorBody(refused, requestId, apiPath.startsWith("/v1/campaign/")), {
    status: 405,
    headers: { allow: allowed, "x-request-id": requestId },
  });
};

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
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", policy);
  return res;
};

export const proxy = (req: NextRequest) => (req.nextUrl.pathname.startsWith("/api/") ? answerWrongMethod(req) : nonceThePage(req));

// Next.js reads the whole body of a request it hands to the proxy into memory (to clone it) before the
// route runs, at any size. So the proxy sees only requests without a body over about 1 MB: one of unknown
// length (chunked) or a larger Content-Length goes straight to its route, whose kernel reads it as a
// stream and stops at its cap (lib/http/read-capped-body.ts). A wrong method then gets Next's bare 405; a
// page answering such a POST (a server action's form posted before the page's scripts ran) keeps the policy
// without a nonce, so its scripts do not run (docs/decisions/security.md).
// Pages: every path but the API, Next's static files, uploads (their own policy), the Scalar bundle and the
// favicon; not a router prefetch (a data payload that runs nothing; its policy is the one without a nonce).
export const config = {
  matcher: [
    {
      source: "/api/v1/:path*",
      missing: [
        { type: "header", key: "transfer-encoding" },
        { type: "header", key: "content-length", value: "0*[1-9][0-9]{6,}" },
      ],
    },
    {
      source: "/((?!api/|_next/static/|_next/image|uploads/|docs/scalar\\.js|favicon\\.svg).*)",
      missing: [
        { type: "header", key: "transfer-encoding" },
        { type: "header", key: "content-length", value: "0*[1-9][0-9]{6,}" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};

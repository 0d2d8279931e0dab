// Runs before /api/v1 routing. Next.js answers a method that a route file does not export with an empty
// 405; the API answers with its JSON error body and an Allow header instead, like every other 4xx.
import { randomUUID } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { methodsFor } from "./lib/http/method-table";
import { ROUTE_METHODS } from "./lib/http/route-methods";

export const proxy = (req: NextRequest) => {
  const method = req.method.toUpperCase();
  if (method === "HEAD" || method === "OPTIONS") return NextResponse.next();
  const apiPath = req.nextUrl.pathname.replace(/^\/api/, "");
  const methods = methodsFor(ROUTE_METHODS, apiPath);
  if (!methods || methods.includes(method)) return NextResponse.next();
  const requestId = req.headers.get("x-request-id")?.slice(0, 64) || `req_${randomUUID().replace(/-/g, "")}`;
  const allowed = methods.join(", ");
  return NextResponse.json(
    {
      ...(apiPath.startsWith("/v1/campaign/") ? { success: false } : {}),
      error: `${method} is not supported on ${req.nextUrl.pathname}; use ${allowed}.`,
      code: "METHOD_NOT_ALLOWED",
      requestId,
    },
    { status: 405, headers: { allow: allowed, "x-request-id": requestId } },
  );
};

// Next.js reads the whole body of a request it hands to the proxy into memory (to clone it) before the
// route runs, at any size. So the proxy sees only requests without a body over about 1 MB: one of unknown
// length (chunked) or a larger Content-Length goes straight to its route, whose kernel reads it as a
// stream and stops at its cap (lib/http/read-capped-body.ts). A wrong method then gets Next's bare 405.
export const config = {
  matcher: [
    {
      source: "/api/v1/:path*",
      missing: [
        { type: "header", key: "transfer-encoding" },
        { type: "header", key: "content-length", value: "0*[1-9][0-9]{6,}" },
      ],
    },
  ],
};

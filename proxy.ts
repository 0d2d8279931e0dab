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

export const config = { matcher: "/api/v1/:path*" };

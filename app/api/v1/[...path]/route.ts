// Any /api/v1 path that no route serves: the documented JSON error body, not Next's HTML 404 page.
// A plain handler by design (it is no endpoint of the spec); see PLAIN_ROUTE_FILES.
import { randomUUID } from "node:crypto";
import { AppError, errorBody } from "@/lib/core/errors";

const notFound = (req: Request): Response => {
  const requestId = `req_${randomUUID().replace(/-/g, "")}`;
  const { pathname } = new URL(req.url);
  const err = new AppError("ROUTE_NOT_FOUND", `There is no endpoint ${req.method} ${pathname}. The endpoints are listed at /docs and /api/v1/openapi.json.`);
  return Response.json(errorBody(err, requestId, false), { status: 404, headers: { "x-request-id": requestId } });
};

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;

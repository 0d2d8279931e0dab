// GET /api/v1/openapi.json: the OpenAPI 3.1 document, built from the route() declarations.
// A plain Next.js handler, not a route() declaration: it is public documentation and needs no key.
import "@/lib/http/route-index";
import { buildOpenApiDocument } from "@/lib/http/openapi";
import { registeredRoutes } from "@/lib/http/registry";
import { config } from "@/lib/config/env";

export const dynamic = "force-dynamic";

export const GET = (req: Request): Response => {
  const serverUrl = config().APP_URL ?? new URL(req.url).origin;
  return Response.json(buildOpenApiDocument(registeredRoutes(), serverUrl), {
    headers: { "cache-control": "no-cache", "access-control-allow-origin": "*" },
  });
};

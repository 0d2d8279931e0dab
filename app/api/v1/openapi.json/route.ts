// GET /api/v1/openapi.json: the OpenAPI 3.1 document, built from the route() declarations.
// A plain Next.js handler, not a route() declaration: it is public documentation and needs no key.
import { buildOpenApiDocument } from "@/lib/http/openapi";
import { registeredRoutes } from "@/lib/http/registry";
import { config } from "@/lib/config/env";
import { loadRouteTable } from "@/lib/ops/route-table";

export const dynamic = "force-dynamic";

export const GET = async (req: Request): Promise<Response> => {
  // every route module loaded, so every route() declaration is registered (once per process; the web
  // process has loaded them all at start)
  await loadRouteTable();
  const serverUrl = config().APP_URL ?? new URL(req.url).origin;
  return Response.json(buildOpenApiDocument(registeredRoutes(), serverUrl), {
    headers: { "cache-control": "no-cache", "access-control-allow-origin": "*" },
  });
};

// GET /api/v1/openapi.json: the OpenAPI 3.1 document, built from the route() declarations.
// A plain Next.js handler, not a route() declaration: it is public documentation and needs no key.
// Built once per process and server URL (the routes do not change while it runs), with an ETag: a client
// that has it gets 304 (Cache-Control: no-cache, so it always asks). The dispatch compresses it (gzip).
import { createHash } from "node:crypto";
import { buildOpenApiDocument } from "@/lib/http/openapi";
import { registeredRoutes } from "@/lib/http/registry";
import { config } from "@/lib/config/env";
import { loadRouteTable } from "@/lib/ops/route-table";

export const dynamic = "force-dynamic";

const built = new Map<string, { json: string; etag: string }>();

const documentFor = (serverUrl: string) => {
  const routes = registeredRoutes();
  const key = `${serverUrl} ${routes.length}`;
  let doc = built.get(key);
  if (!doc) {
    const json = JSON.stringify(buildOpenApiDocument(routes, serverUrl));
    doc = { json, etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"` };
    built.set(key, doc);
  }
  return doc;
};

/** Whether If-None-Match names this ETag (a list, weak or strong, or *). */
const matches = (ifNoneMatch: string | null, etag: string) =>
  ifNoneMatch !== null && ifNoneMatch.split(",").some((t) => ["*", etag, `W/${etag}`].includes(t.trim()));

export const GET = async (req: Request): Promise<Response> => {
  // every route module loaded, so every route() declaration is registered (once per process; the web
  // process has loaded them all at start)
  await loadRouteTable();
  const serverUrl = config().APP_URL ?? new URL(req.url).origin;
  const { json, etag } = documentFor(serverUrl);
  const headers = { "cache-control": "no-cache", etag, "access-control-allow-origin": "*" };
  if (matches(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(json, { headers: { ...headers, "content-type": "application/json" } });
};

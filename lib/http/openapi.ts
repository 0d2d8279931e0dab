// Builds the OpenAPI 3.1 document from the route declarations (the same zod schemas that validate requests).
import { z } from "zod";
import type { RegisteredRoute } from "./registry.ts";

type Json = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: "input" | "output"): Json => {
  const s = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Json;
  delete s.$schema;
  return s;
};

const objectParams = (schema: z.ZodType | undefined, where: "path" | "query"): Json[] => {
  if (!schema) return [];
  const s = toSchema(schema, "input");
  const props = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required ?? []) as string[]);
  return Object.entries(props).map(([name, p]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    ...(p.description ? { description: p.description } : {}),
    schema: p,
  }));
};

const ERROR_SCHEMA = {
  type: "object",
  required: ["error", "code", "requestId"],
  properties: {
    success: { type: "boolean", const: false, description: "present on campaign-key routes" },
    error: { type: "string", description: "what went wrong and what to fix" },
    code: { type: "string", description: "a stable machine-readable code, e.g. VALIDATION_ERROR" },
    details: { type: "array", items: { type: "object", properties: { field: { type: "string" }, message: { type: "string" } } } },
    requestId: { type: "string" },
  },
};

const SECURITY: Record<string, Json[]> = {
  server: [{ serverKey: [], gameId: [] }, { serverApiKey: [] }],
  campaign: [{ campaignKey: [], campaignId: [] }],
  platform: [{ platformKey: [] }],
};

const operation = (r: RegisteredRoute): Json => {
  const parameters: Json[] = [...objectParams(r.params, "path"), ...objectParams(r.query, "query")];
  if (r.targetBusiness) parameters.push({ name: "X-Target-Business-Id", in: "header", required: true, schema: { type: "string" } });
  if (r.idempotency !== "none")
    parameters.push({ name: "Idempotency-Key", in: "header", required: r.idempotency === "required" || r.idempotency === "service", schema: { type: "string", maxLength: 255 } });
  parameters.push({ name: "X-Service-API-Version", in: "header", required: false, schema: { type: "string", enum: ["v1"] } });
  const success: Json = { description: r.response.description ?? "Success" };
  if (r.response.schema && r.response.status !== 204) success.content = { "application/json": { schema: toSchema(r.response.schema, "output") } };
  const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });
  return {
    operationId: `${r.method.toLowerCase()}${r.path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    summary: r.summary,
    tags: r.tags,
    security: (typeof r.auth === "string" ? [r.auth] : r.auth).flatMap((a) => SECURITY[a]),
    ...(r.scope ? { "x-required-scope": r.scope } : {}),
    parameters,
    ...(r.body ? { requestBody: { required: true, content: { "application/json": { schema: toSchema(r.body, "input") } } } } : {}),
    ...(r.bodyType === "multipart"
      ? { requestBody: { required: true, content: { "multipart/form-data": { schema: { type: "object", properties: { file: { type: "string", format: "binary", description: "The image (PNG, JPEG, GIF or WebP, at most 5 MB); the first file part is used, whatever its name." } }, required: ["file"] } } } } }
      : {}),
    responses: {
      [String(r.response.status)]: success,
      "400": errorResponse("Invalid input: the body names every bad field"),
      "401": errorResponse("Missing or invalid API key"),
      "404": errorResponse("Not found (another tenant's object is also a 404)"),
    },
  };
};

export const buildOpenApiDocument = (routes: RegisteredRoute[], serverUrl: string): Json => {
  const paths: Record<string, Json> = {};
  for (const r of routes) (paths[r.path] ??= {})[r.method.toLowerCase()] = operation(r);
  return {
    openapi: "3.1.0",
    info: {
      title: "Coinop API",
      version: "v1",
      description: "Commerce and rewards backend for games: virtual-currency ledgers, products, checkout, account linking, campaigns and the platform API.",
    },
    servers: [{ url: `${serverUrl.replace(/\/$/, "")}/api` }],
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: {
        serverKey: { type: "http", scheme: "bearer", description: "Game server key (service_server_<env>_…)" },
        gameId: { type: "apiKey", in: "header", name: "X-Game-Id" },
        serverApiKey: { type: "apiKey", in: "header", name: "x-server-api-key", description: "Alternative form: the server key in this header; X-Game-Id may then be omitted" },
        campaignKey: { type: "http", scheme: "bearer", description: "Campaign key (service_campaign_<env>_…)" },
        campaignId: { type: "apiKey", in: "header", name: "X-Campaign-Id" },
        platformKey: { type: "http", scheme: "bearer", description: "Platform key (service_platform_<env>_…)" },
      },
    },
  };
};

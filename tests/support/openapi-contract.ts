// The contract side of every `call` (tests/support/http.ts): each answer a test sees is validated with Ajv
// against the API document as it is served (GET /api/v1/openapi.json's JSON, built once per test process),
// not against the zod schemas it was generated from, so the document and the server cannot drift apart.
// For the matched operation and status: the status must be listed, the body must match the documented
// media type's schema (none documented: no body), each required documented header must be there, every
// documented header sent must match its schema, and the API's own headers (Location, Retry-After,
// Content-Disposition, RateLimit-*, Idempotent-Replayed, x-request-id, X-Service-API-Version, Deprecation,
// Sunset) may only be sent where documented.
// docs/decisions/api-contract.md.
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { RegisteredRoute } from "../../lib/http/registry.ts";
import { loadRouteEntries } from "../../lib/ops/route-table.ts";

type Json = Record<string, unknown>;
type Header = { required?: boolean; schema?: Json; $ref?: string };
type Response = { $ref?: string; headers?: Record<string, Header>; content?: Record<string, { schema: Json }> };
type Operation = { operationId: string; responses: Record<string, Response> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { headers: Record<string, Header>; responses?: Record<string, Response> } };

/** The headers the API itself sends (beyond HTTP's and the security headers): each must be documented where sent. */
const API_HEADERS = [
  "location",
  "retry-after",
  "content-disposition",
  "idempotent-replayed",
  "ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit-reset",
  "x-request-id",
  "x-service-api-version",
  "deprecation",
  "sunset",
];

type Contract = { doc: Doc; ajv: Ajv2020; validators: Map<string, ValidateFunction>; served: Set<string> };
const DOC_ID = "https://coinop.example/api/v1/openapi.json";

const contractOf = (doc: Doc, served: Set<string>): Contract => {
  // OpenAPI 3.1's schema dialect is JSON Schema 2020-12; strict off, as the document carries OpenAPI's own
  // keywords (x-error-codes, example, …) beside the schemas; formats on (uri, date-time, email, …)
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat("binary", true);
  ajv.addSchema(doc, DOC_ID);
  return { doc, ajv, validators: new Map(), served };
};

let served: Promise<Contract> | undefined;
/** The served document: what GET /api/v1/openapi.json answers (every route module loaded), once per process. */
const servedContract = (): Promise<Contract> =>
  (served ??= (async () => {
    const { GET } = await import("../../app/api/v1/openapi.json/route.ts");
    const res = await GET(new Request("http://localhost/api/v1/openapi.json"));
    if (res.status !== 200) throw new Error(`GET /api/v1/openapi.json answered ${res.status}`);
    // the operations the API serves (app/api/v1): a route a test declares itself (lib/http/route.test.ts's
    // probes) registers for the document too, but it is no part of the API and has no contract to keep
    const served = new Set((await loadRouteEntries()).map((e) => `${e.method} ${e.path}`));
    return contractOf((await res.json()) as Doc, served);
  })());

/** A JSON pointer into the document, as a URI fragment. */
const pointer = (...segments: string[]) => segments.map((s) => `/${encodeURIComponent(s.replace(/~/g, "~0").replace(/\//g, "~1"))}`).join("");

const validatorAt = (c: Contract, ptr: string): ValidateFunction => {
  let v = c.validators.get(ptr);
  if (!v) c.validators.set(ptr, (v = c.ajv.compile({ $ref: `${DOC_ID}#${ptr}` })));
  return v;
};

const ajvErrors = (errors: ErrorObject[] | null | undefined): string =>
  (errors ?? [])
    .slice(0, 6)
    .map((e) => `${e.instancePath || "(root)"} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ""} [${e.schemaPath}]`)
    .join("; ");

/** A header's value as its schema's type: integers and numbers are sent as digits. */
const headerValue = (raw: string, schema: Json | undefined): unknown => {
  const type = schema?.type;
  if ((type === "integer" || type === "number") && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (type === "boolean" && (raw === "true" || raw === "false")) return raw === "true";
  return raw;
};

/** The problems of one answer against the document: [] when it is what the document says. */
export const contractProblemsOf = async (def: RegisteredRoute, res: { status: number; text: string; body: unknown; headers: Headers }): Promise<string[]> => {
  const method = def.method.toLowerCase();
  const c = await servedContract();
  if (!c.served.has(`${def.method} ${def.path}`)) return [];
  const op = c.doc.paths[def.path]?.[method];
  if (!op) return [`${def.method} ${def.path}: the operation is served but not in the API document`];
  const where = `${def.method} ${def.path} (${op.operationId}) answered ${res.status}`;
  const listed = op.responses[String(res.status)];
  if (!listed) return [`${where}, a status the document does not list for it (it lists ${Object.keys(op.responses).join(", ")})`];
  // a shared response (components.responses) is read, and its schemas compiled, where it is written
  const shared = listed.$ref?.match(/^#\/components\/responses\/(.+)$/)?.[1];
  const response = shared ? c.doc.components.responses?.[shared] : listed;
  if (!response) return [`${where}: the document references ${listed.$ref}, which it does not hold`];
  const base = shared ? pointer("components", "responses", shared) : pointer("paths", def.path, method, "responses", String(res.status));
  const problems: string[] = [];

  // the body
  const mediaType = (res.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!response.content) {
    if (res.text !== "") problems.push(`${where} with a body (${mediaType || "no content-type"}), where the document lists none`);
  } else if (!response.content[mediaType]) {
    problems.push(`${where} with content-type "${mediaType}", where the document lists ${Object.keys(response.content).join(", ")}`);
  } else {
    const json = mediaType === "application/json" || mediaType.endsWith("+json");
    let value: unknown = res.text;
    if (json) {
      try {
        value = JSON.parse(res.text);
      } catch {
        problems.push(`${where} with a body that is not JSON`);
      }
    }
    if (!problems.length) {
      const validate = validatorAt(c, `${base}${pointer("content", mediaType, "schema")}`);
      if (!validate(value)) problems.push(`${where}: the body does not match the documented schema: ${ajvErrors(validate.errors)}`);
    }
  }

  // the headers
  const documented = new Map<string, { ptr: string; header: Header }>();
  for (const [name, h] of Object.entries(response.headers ?? {})) {
    const ref = h.$ref?.match(/^#\/components\/headers\/(.+)$/)?.[1];
    documented.set(
      name.toLowerCase(),
      ref ? { ptr: pointer("components", "headers", ref), header: c.doc.components.headers[ref] } : { ptr: `${base}${pointer("headers", name)}`, header: h },
    );
  }
  for (const [name, { ptr, header }] of documented) {
    const raw = res.headers.get(name);
    if (raw === null) {
      if (header.required) problems.push(`${where} without the header ${name}, which the document requires`);
      continue;
    }
    if (!header.schema) continue;
    const validate = validatorAt(c, `${ptr}${pointer("schema")}`);
    if (!validate(headerValue(raw, header.schema)))
      problems.push(`${where}: header ${name}: ${JSON.stringify(raw)} does not match the documented schema: ${ajvErrors(validate.errors)}`);
  }
  for (const name of API_HEADERS)
    if (res.headers.has(name) && !documented.has(name)) problems.push(`${where} with the header ${name}, which the document does not list for this response`);
  return problems;
};

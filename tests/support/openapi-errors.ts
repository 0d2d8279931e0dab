// The live side of the API document's error list: an error response observed in a test must be
// documented for its operation (its status under `responses`, its code in that status's x-error-codes).
// Used by tests/fuzz.test.ts (every hostile-input answer) and tests/openapi-errors.test.ts (domain errors).
// The static side, tests/service-errors.test.ts, checks the source; a code that fails here and not there is
// raised where reading the source cannot see it (computed at run time, or mapped from a database error):
// name it as a literal where it is raised, so that the service's *_ERRORS list, and the route's, carry it.
import { buildOpenApiDocument, inlineResponses } from "../../lib/http/openapi.ts";
import { registeredRoutes, type RegisteredRoute } from "../../lib/http/registry.ts";
import { loadRouteTable } from "../../lib/ops/route-table.ts";

/** What to do about an undocumented code: a route's errors are the lists of the services it calls. */
const FIX = (code: string) => `add ${code} to the *_ERRORS list of the service that raises it`;

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { "x-error-codes"?: string[] }> }>> };

let doc: Doc | undefined;
/** Built once, after the route files are imported (the registry fills as they load). */
const document = async (): Promise<Doc> => {
  if (!doc) {
    await loadRouteTable();
    doc = inlineResponses(buildOpenApiDocument(registeredRoutes(), "https://coinop.example")) as unknown as Doc;
  }
  return doc;
};

/** undefined when the document lists `code` under `status` for the operation; else a message naming what to declare. */
export const undocumentedError = async (method: string, path: string, status: number, code: string): Promise<string | undefined> => {
  const op = (await document()).paths[path]?.[method.toLowerCase()];
  if (!op) return `${method} ${path}: the operation is not in the API document`;
  const codes = op.responses[String(status)]?.["x-error-codes"];
  if (!codes) return `${method} ${path} answered ${status} ${code}, but the document lists no ${status} for it: ${FIX(code)}`;
  if (!codes.includes(code)) return `${method} ${path} answered ${status} ${code}, but its documented ${status} codes are [${codes.join(", ")}]: ${FIX(code)}`;
  return undefined;
};

const single = new WeakMap<RegisteredRoute, Doc>();
/** The same check against one route's own operation, without loading every route (used by every `call`). */
export const undocumentedErrorOf = (def: RegisteredRoute, status: number, code: string): string | undefined => {
  let d = single.get(def);
  if (!d) single.set(def, (d = inlineResponses(buildOpenApiDocument([def], "https://coinop.example")) as unknown as Doc));
  const codes = d.paths[def.path]?.[def.method.toLowerCase()]?.responses[String(status)]?.["x-error-codes"];
  if (!codes) return `${def.method} ${def.path} answered ${status} ${code}, but the document lists no ${status} for it: ${FIX(code)}`;
  if (!codes.includes(code))
    return `${def.method} ${def.path} answered ${status} ${code}, but its documented ${status} codes are [${codes.join(", ")}]: ${FIX(code)}`;
  return undefined;
};

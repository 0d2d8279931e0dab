// Every /v1 route file is a route() declaration whose path and method agree with its folder and
// export; the route table (lib/ops/route-table.ts) serves them all; the OpenAPI document lists them all.
// Files are found here with their own glob, independently of lib/ops/route-table.ts.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/http/openapi";
import { registeredRoutes } from "@/lib/http/registry";
import { bestMatch, loadRouteTable } from "@/lib/ops/route-table";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** A plain Next.js handler by design: it serves the document itself, without a key. */
const OPENAPI_ROUTE = "app/api/v1/openapi.json/route.ts";

const root = path.resolve(import.meta.dirname, "..");
// fs.readdirSync with `recursive` (Node 20.1+), not fs.globSync (Node 22+): the suite runs on Node 20.19 too.
const routeFiles = fs
  .readdirSync(path.join(root, "app/api/v1"), { recursive: true, encoding: "utf8" })
  .map((f) => `app/api/v1/${f.split(path.sep).join("/")}`)
  .filter((f) => f.endsWith("/route.ts"))
  .filter((f) => !f.split("/").some((seg) => seg.startsWith("_")))
  .sort();
const declaredFiles = routeFiles.filter((f) => f !== OPENAPI_ROUTE);

/** app/api/v1/vc/[currencyId]/route.ts → /v1/vc/{currencyId}; route groups "(x)" add no segment. */
const folderPath = (file: string): string =>
  "/" +
  file
    .replace(/^app\/api\//, "")
    .replace(/\/route\.ts$/, "")
    .split("/")
    .filter((seg) => !/^\(.*\)$/.test(seg))
    .map((seg) => seg.replace(/^\[(.+)\]$/, "{$1}"))
    .join("/");

type Handler = ((...args: unknown[]) => unknown) & { definition?: { method: string; path: string } };
const load = async (file: string): Promise<Record<string, unknown>> => import(pathToFileURL(path.join(root, file)).href);

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  responses?: Record<string, unknown>;
};
type Doc = {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

describe("the OpenAPI document", () => {
  // Built before any test below imports a route file itself, so the registry holds exactly what
  // the route table loaded: a route the table misses is missing from this document.
  let doc: Doc;
  beforeAll(async () => {
    await loadRouteTable();
    doc = buildOpenApiDocument(registeredRoutes(), "https://coinop.example") as unknown as Doc;
  });

  it("is OpenAPI 3.1 with servers, security schemes and operations that have responses", async () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: expect.any(String), version: "v1" });
    expect(doc.servers).toEqual([{ url: "https://coinop.example/api" }]);
    const schemes = Object.keys(doc.components.securitySchemes);
    expect(schemes.length).toBeGreaterThan(0);
    const operationIds = new Set<string>();
    for (const [p, item] of Object.entries(doc.paths)) {
      expect(p).toMatch(/^\/v1\//);
      const ops = Object.entries(item);
      expect(ops.length, `${p} has no operations`).toBeGreaterThan(0);
      for (const [method, op] of ops) {
        const where = `${method.toUpperCase()} ${p}`;
        expect(METHODS.map((m) => m.toLowerCase())).toContain(method);
        expect(Object.keys(op.responses ?? {}).length, `${where} has no responses`).toBeGreaterThan(0);
        expect(op.operationId, `${where} has no operationId`).toBeTruthy();
        expect(operationIds.has(op.operationId!), `${where}: duplicate operationId ${op.operationId}`).toBe(false);
        operationIds.add(op.operationId!);
        for (const requirement of op.security ?? [])
          for (const name of Object.keys(requirement)) expect(schemes, `${where} uses an undefined security scheme`).toContain(name);
        // OpenAPI requires every {template} of the path to be declared as a path parameter.
        const templated = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
        const declared = (op.parameters ?? [])
          .filter((x) => x.in === "path")
          .map((x) => x.name)
          .sort();
        expect(declared, `${where}: path parameters (declare them with a params schema)`).toEqual(templated);
      }
    }
  });

  it("lists every route declared in a route file", async () => {
    const declared: string[] = [];
    for (const file of declaredFiles) {
      const mod = await load(file);
      for (const method of METHODS) if (method in mod) declared.push(`${method} ${folderPath(file)}`);
    }
    const documented = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    const missing = declared.filter((r) => !documented.includes(r));
    expect(missing, `routes missing from the OpenAPI document: does each declared path match its folder?`).toEqual([]);
    expect(documented).toContain("GET /v1/game");
  });

  it("is served by GET /api/v1/openapi.json as JSON, without a key", async () => {
    const { GET } = (await load(OPENAPI_ROUTE)) as { GET: (req: Request) => Response | Promise<Response> };
    const res = await GET(new Request("http://localhost:3000/api/v1/openapi.json"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const doc = (await res.json()) as Doc;
    expect(doc.openapi).toBe("3.1.0");
    // vitest.config.ts sets APP_URL
    expect(doc.servers).toEqual([{ url: `${process.env.APP_URL}/api` }]);
    expect(doc.paths["/v1/game"]?.get?.operationId).toBe("getV1Game");
  });

  it("carries an ETag and Cache-Control: no-cache; a client that has it gets 304 without a body", async () => {
    const { GET } = (await load(OPENAPI_ROUTE)) as { GET: (req: Request) => Response | Promise<Response> };
    const first = await GET(new Request("http://localhost:3000/api/v1/openapi.json"));
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const again = await GET(new Request("http://localhost:3000/api/v1/openapi.json", { headers: { "if-none-match": `W/${etag}` } }));
    expect([again.status, await again.text(), again.headers.get("etag")]).toEqual([304, "", etag]);
    const other = await GET(new Request("http://localhost:3000/api/v1/openapi.json", { headers: { "if-none-match": '"other"' } }));
    expect(other.status).toBe(200);
    expect(await other.text()).toBe(await first.text());
  });
});

describe("/v1 route files", () => {
  it("finds the route files, including the openapi.json handler", () => {
    expect(routeFiles).toContain("app/api/v1/game/route.ts");
    expect(routeFiles).toContain(OPENAPI_ROUTE);
  });

  it.each(declaredFiles)("%s exports only route() declarations that match its folder", async (file) => {
    const mod = await load(file);
    const exported = METHODS.filter((m) => m in mod);
    expect(exported, `${file} exports none of ${METHODS.join(", ")}`).not.toHaveLength(0);
    for (const method of exported) {
      const handler = mod[method] as Handler;
      expect(handler.definition, `${file}: export ${method} is not a route() declaration (lib/http/route.ts)`).toBeDefined();
      expect(handler.definition!.method, `${file}: export ${method} declares method ${handler.definition!.method}`).toBe(method);
      expect(handler.definition!.path, `${file}: declared path disagrees with the folder`).toBe(folderPath(file));
    }
  });

  it("the openapi.json route is a plain GET handler", async () => {
    const mod = await load(OPENAPI_ROUTE);
    expect(typeof mod.GET).toBe("function");
    expect((mod.GET as Handler).definition).toBeUndefined();
    expect(METHODS.filter((m) => m !== "GET" && m in mod)).toEqual([]);
  });
});

describe("the route table (lib/ops/route-table.ts)", () => {
  it("serves every declared route at its folder, with the methods its file exports", async () => {
    const table = await loadRouteTable();
    for (const file of [...declaredFiles, OPENAPI_ROUTE]) {
      const mod = await load(file);
      const segments = folderPath(file).split("/").filter(Boolean);
      const row = bestMatch(table, segments);
      expect(row?.[0], `${file} is not in the route table`).toBe("/" + segments.map((s) => s.replace(/^\{(.+)\}$/, "[$1]")).join("/"));
      expect([...row![1].keys()].sort(), file).toEqual(METHODS.filter((m) => m in mod).sort());
      for (const [method, handler] of row![1]) expect(handler, `${method} ${file}`).toBe(mod[method]);
    }
    expect(table.length).toBe(declaredFiles.length + 1);
  });
});

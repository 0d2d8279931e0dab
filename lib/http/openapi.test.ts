import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildOpenApiDocument, inlineResponses } from "./openapi.ts";
import { registeredRoutes } from "./registry.ts";
import { loadRouteTable } from "../ops/route-table.ts";

type Response = { description: string; headers?: Record<string, unknown>; content?: unknown; "x-error-codes"?: string[] };
type Operation = { parameters: { name: string; in: string; required: boolean }[]; requestBody?: { required: boolean }; responses: Record<string, Response> };
type Doc = {
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: { Error: { properties: { details: { items: { required: string[] } } } } } };
};

describe("the OpenAPI document's errors and headers (issue 10, item 4)", () => {
  let doc: Doc;
  const op = (method: string, p: string) => doc.paths[p][method];
  beforeAll(async () => {
    await loadRouteTable();
    doc = inlineResponses(buildOpenApiDocument(registeredRoutes(), "https://coinop.example")) as unknown as Doc;
  });

  it("lists every tag, requires field and message in details[], and puts x-request-id on every response", () => {
    const used = new Set(Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((o) => (o as unknown as { tags: string[] }).tags)));
    expect(doc.tags.map((t) => t.name).sort()).toEqual([...used].sort());
    expect(doc.components.schemas.Error.properties.details.items.required).toEqual(["field", "message"]);
    for (const item of Object.values(doc.paths))
      for (const o of Object.values(item)) for (const [status, r] of Object.entries(o.responses)) expect(r.headers?.["x-request-id"], status).toBeTruthy();
  });

  it("documents the kernel's errors per operation: 401 always, idempotency 409/422 when replayed, 404 with path params", () => {
    for (const item of Object.values(doc.paths)) for (const o of Object.values(item)) expect(o.responses["401"]?.["x-error-codes"]).toContain("UNAUTHORIZED");
    const credit = op("post", "/v1/vc/credits");
    expect(credit.responses["409"]["x-error-codes"]).toContain("IDEMPOTENCY_IN_PROGRESS");
    expect(credit.responses["422"]["x-error-codes"]).toContain("IDEMPOTENCY_KEY_REUSED");
    expect(credit.responses["413"]["x-error-codes"]).toEqual(["BODY_TOO_LARGE"]);
    expect(credit.responses["200"]?.headers ?? credit.responses["201"]?.headers).toHaveProperty("Idempotent-Replayed");
    const withParams = Object.entries(doc.paths).find(([p]) => p.includes("{"))!;
    for (const o of Object.values(withParams[1])) expect(o.responses["404"]["x-error-codes"]).toContain("NOT_FOUND");
  });

  it("documents the rate limit on every operation: 429 RATE_LIMITED with Retry-After and the RateLimit headers, which every other answer may carry (a 401 when the key was valid)", () => {
    const LIMIT_HEADERS = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];
    for (const [p, item] of Object.entries(doc.paths))
      for (const [method, o] of Object.entries(item)) {
        const where = `${method} ${p}`;
        const limited = o.responses["429"];
        expect(limited?.["x-error-codes"], where).toContain("RATE_LIMITED");
        for (const name of [...LIMIT_HEADERS, "Retry-After"]) expect(limited.headers?.[name], `${where} 429 ${name}`).toMatchObject({ required: true });
        for (const [status, r] of Object.entries(o.responses)) {
          if (status === "429") continue;
          for (const name of LIMIT_HEADERS)
            expect(r.headers?.[name], `${where} ${status} ${name}`).toEqual({ $ref: `#/components/headers/${name.replace(/-/g, "")}` });
        }
      }
  });

  it("documents link initiate's 201 with Location, its alternate 200 and its Idempotency-Key; an empty body is optional", () => {
    const initiate = op("post", "/v1/users/link/initiate");
    expect(initiate.responses["201"].headers).toHaveProperty("Location");
    expect(initiate.responses["200"].content).toEqual(initiate.responses["201"].content);
    expect(initiate.parameters).toContainEqual(expect.objectContaining({ name: "Idempotency-Key", in: "header", required: false }));
    expect(initiate.requestBody?.required).toBe(false);
  });

  it("requires X-Target-Business-Id only where every key kind is a platform key", () => {
    const approve = op("post", "/v1/test-helpers/link-sessions/{sessionKey}/approve");
    expect(approve.parameters).toContainEqual(expect.objectContaining({ name: "X-Target-Business-Id", required: false }));
  });
});

describe("the document accepts what the server sends (issue 29, the contract)", () => {
  type Schema = Record<string, unknown>;
  let doc: { paths: Record<string, Record<string, Operation & { requestBody?: { content: Record<string, { schema: Schema }> } }>> };
  const bodySchema = (method: string, p: string) =>
    doc.paths[p][method].requestBody!.content["application/json"].schema as { properties: Record<string, Schema> };
  /** A response's schema; a named one (components.schemas) is looked up. */
  const responseSchema = (method: string, p: string, status: string) => {
    const s = (doc.paths[p][method].responses[status].content as Record<string, { schema: Schema }>)["application/json"].schema;
    const ref = typeof s.$ref === "string" ? s.$ref.split("/").pop()! : undefined;
    return (ref ? (doc as unknown as { components: { schemas: Record<string, Schema> } }).components.schemas[ref] : s) as {
      properties: Record<string, Schema>;
    };
  };
  beforeAll(async () => {
    await loadRouteTable();
    doc = inlineResponses(buildOpenApiDocument(registeredRoutes(), "https://coinop.example")) as never;
  });

  it("never puts a type that refuses null beside an anyOf that allows it (a .meta({ type }) on a nullable schema)", () => {
    const conflicts: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
      if (!node || typeof node !== "object") return;
      const s = node as Schema;
      const nullable = (t: unknown) => t === "null" || (Array.isArray(t) && t.includes("null"));
      const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
      if (Array.isArray(branches) && branches.some((b) => nullable(b.type)) && s.type !== undefined && !nullable(s.type)) conflicts.push(at);
      for (const [k, v] of Object.entries(s)) walk(v, `${at}/${k}`);
    };
    walk(doc.paths, "#/paths");
    walk((doc as unknown as { components: unknown }).components, "#/components");
    expect(conflicts).toEqual([]);
    const metadata = responseSchema("post", "/v1/platform/campaigns/{campaignId}/fund-sessions", "201").properties.metadata;
    expect(metadata.anyOf).toContainEqual({ type: "null" });
  });

  it("widens the type a meta puts beside a nullable schema, whatever the schema", () => {
    const def = {
      method: "GET",
      path: "/v1/x",
      summary: "x",
      tags: ["x"],
      auth: "server",
      idempotency: "none",
      response: { status: 200, schema: z.object({ m: z.record(z.string(), z.unknown()).nullable().meta({ type: "object" }) }) },
    } as unknown as Parameters<typeof buildOpenApiDocument>[0][number];
    const built = buildOpenApiDocument([def], "https://coinop.example") as unknown as typeof doc;
    const m = (built.paths["/v1/x"].get.responses["200"].content as Record<string, { schema: { properties: Record<string, Schema> } }>)["application/json"]
      .schema.properties.m;
    expect(m.type).toEqual(["object", "null"]);
  });

  it("types what it used to leave open: fees on invoice PUT and gameId on item PATCH take no value; since on webhook recover is a date-time", () => {
    expect(bodySchema("put", "/v1/platform/invoices/{invoiceId}").properties.fees).toMatchObject({ not: {} });
    expect(bodySchema("patch", "/v1/platform/items/{itemId}").properties.gameId).toMatchObject({ not: {} });
    expect(bodySchema("post", "/v1/webhooks/recover").properties.since).toMatchObject({ type: "string", format: "date-time" });
  });

  it("documents the invoice CSV's Content-Disposition, the 503's Retry-After and a 500 on every operation", () => {
    const csv = doc.paths["/v1/platform/invoices/export"].get.responses["200"];
    expect(csv.headers?.["Content-Disposition"]).toMatchObject({ required: true, schema: { type: "string" } });
    for (const item of Object.values(doc.paths))
      for (const o of Object.values(item)) {
        expect(o.responses["503"].headers?.["Retry-After"]).toEqual({ $ref: "#/components/headers/RetryAfter" });
        expect(o.responses["500"]["x-error-codes"]).toEqual(["INTERNAL_ERROR"]);
      }
  });
});

describe("named schemas and examples (issue 29, item 5)", () => {
  type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; examples?: unknown[]; $ref?: string };
  let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema>; responses: Record<string, Response> } };
  beforeAll(async () => {
    await loadRouteTable();
    doc = buildOpenApiDocument(registeredRoutes(), "https://coinop.example") as unknown as typeof doc;
  });
  const json = (r: Response) => (r.content as Record<string, { schema: Schema; example?: Record<string, unknown> }>)["application/json"];

  it("emits each domain object once under components.schemas and references it wherever it appears", () => {
    for (const name of ["Product", "Journal", "Currency", "Balance", "Game", "Item", "Grant", "Invoice", "Campaign", "Distribution", "Pagination"])
      expect(doc.components.schemas[name], name).toMatchObject({ type: "object" });
    expect(json(doc.paths["/v1/game"].get.responses["200"]).schema).toEqual({ $ref: "#/components/schemas/Game" });
    const journals = json(doc.paths["/v1/vc/journals"].get.responses["200"]).schema;
    expect(journals.properties).toMatchObject({
      items: { items: { $ref: "#/components/schemas/Journal" } },
      pagination: { $ref: "#/components/schemas/Pagination" },
    });
    // no named object is written out inline anywhere
    const text = JSON.stringify(doc.paths);
    expect(text).not.toContain(JSON.stringify(doc.components.schemas.Product));
    expect(text.split('"#/components/schemas/Product"').length - 1).toBeGreaterThan(3);
  });

  it("refuses two different schemas under one name", () => {
    const def = (path: string, schema: z.ZodType) =>
      ({ method: "GET", path, summary: "x", tags: ["x"], auth: "server", idempotency: "none", response: { status: 200, schema } }) as unknown as Parameters<
        typeof buildOpenApiDocument
      >[0][number];
    const a = def("/v1/a", z.object({ x: z.object({ a: z.string() }).meta({ id: "Twice" }) }));
    const b = def("/v1/b", z.object({ x: z.object({ b: z.number() }).meta({ id: "Twice" }) }));
    expect(() => buildOpenApiDocument([a, b], "https://coinop.example")).toThrow("two different schemas are named Twice");
    expect(Object.keys((buildOpenApiDocument([a], "https://coinop.example") as typeof doc).components.schemas)).toEqual(["Error", "Twice"]);
  });

  it("shares identical error responses, keeping each operation's codes", () => {
    expect(doc.paths["/v1/game"].get.responses["429"]).toEqual({ $ref: "#/components/responses/RateLimited" });
    expect(doc.components.responses.RateLimited["x-error-codes"]).toEqual(["RATE_LIMITED"]);
    expect(json(doc.components.responses.RateLimited).example).toMatchObject({
      code: "RATE_LIMITED",
      docUrl: "https://coinop.example/docs/errors#RATE_LIMITED",
    });
    const inline = inlineResponses(doc);
    expect(inline.paths["/v1/game"].get.responses["429"]).toEqual(doc.components.responses.RateLimited);
  });

  it("gives fields examples in the server's formats, valid for their schema", () => {
    const product = doc.components.schemas.Product.properties!;
    expect(product._id.examples?.[0]).toMatch(/^[0-9a-f]{24}$/);
    expect(product.createdAt.examples).toEqual(["2026-01-15T09:30:00.000Z"]);
    expect(doc.components.schemas.Balance.properties!.balanceUnits.examples?.[0]).toMatch(/^[0-9]+$/);
    expect(doc.components.schemas.Game.properties!.name.examples).toEqual(["Star Raiders"]);
    // nearly every string field has one (the rest: free text the name says nothing about)
    let strings = 0;
    let withExample = 0;
    const walk = (n: unknown): void => {
      if (!n || typeof n !== "object") return;
      const s = n as Schema;
      for (const p of Object.values(s.properties ?? {}))
        if ((p.type === "string" || (Array.isArray(p.type) && p.type.includes("string"))) && !p.enum && p.const === undefined) {
          strings++;
          if (p.examples) withExample++;
        }
      Object.values(s).forEach(walk);
    };
    walk(doc);
    expect(withExample / strings).toBeGreaterThan(0.97);
  });

  it("describes each key scheme with its format and an example that is not a key", () => {
    const schemes = (doc.components as unknown as { securitySchemes: Record<string, { description: string; "x-example": string }> }).securitySchemes;
    expect(schemes.serverKey.description).toContain("service_server_<env>_…");
    expect(schemes.serverKey["x-example"]).toBe("service_server_<env>_...");
    for (const s of Object.values(schemes)) expect(s["x-example"]).toMatch(/^[\x20-\x7e]+$/); // a header value a browser sends
  });
});

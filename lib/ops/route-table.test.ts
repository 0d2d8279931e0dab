import { describe, expect, it } from "vitest";
import { bestMatch, entriesOf, listRouteFiles, loadRouteTable, routeTableOf, type Handler } from "./route-table";

const noop = (async () => new Response(null)) as Handler;
const declared = (method: string, path: string): Handler => Object.assign(async () => new Response(null), { definition: { method, path } });
const table = routeTableOf([
  ...["GET", "POST", "PUT"].map((m) => ({ method: m, path: "/v1/products", handler: noop })),
  ...["GET", "POST"].map((m) => ({ method: m, path: "/v1/products/{userRef}", handler: noop })),
  ...["GET", "POST"].map((m) => ({ method: m, path: "/v1/users/link/initiate", handler: noop })),
  { method: "GET", path: "/v1/users/{userRef}", handler: noop },
  { method: "DELETE", path: "/v1/campaign/{id}/users/{userRef}", handler: noop },
]);
const allowFor = (path: string) => bestMatch(table, path.split("/").filter(Boolean))?.[2] ?? null;

describe("bestMatch", () => {
  it("finds the route of a path, dynamic segments matching any value", () => {
    expect(allowFor("/v1/products")).toBe("GET, POST, PUT");
    expect(allowFor("/v1/products/gmu_test_1")).toBe("GET, POST");
    expect(allowFor("/v1/campaign/abc/users/pvu_1")).toBe("DELETE");
  });

  it("prefers a static segment over a dynamic one, as Next.js routes", () => {
    expect(allowFor("/v1/users/link/initiate")).toBe("GET, POST");
    expect(allowFor("/v1/users/gmu_1")).toBe("GET");
  });

  it("is null for paths no route serves (the dispatch answers its JSON 404)", () => {
    expect(allowFor("/v1/nope")).toBeNull();
    expect(allowFor("/v1/products/a/b/c")).toBeNull();
  });
});

describe("the route table", () => {
  it("is built from the declarations: a handler's method and path come from its definition", () => {
    const t = routeTableOf(entriesOf({ GET: declared("GET", "/v1/a/{id}"), POST: declared("POST", "/v1/a/{id}") }, "/v1/ignored"));
    expect(t.map(([pattern, , allow]) => [pattern, allow])).toEqual([["/v1/a/[id]", "GET, POST"]]);
    // a plain handler (no declaration) is served at its folder's path
    expect(routeTableOf(entriesOf({ GET: noop }, "/v1/openapi.json")).map(([p]) => p)).toEqual(["/v1/openapi.json"]);
  });

  it("refuses an export whose declaration names another method, and two handlers for one method and path", () => {
    expect(() => entriesOf({ GET: declared("POST", "/v1/a") }, "/v1/a", "app/api/v1/a/route.ts")).toThrow(/export GET declares method POST/);
    expect(() => routeTableOf([...entriesOf({ GET: declared("GET", "/v1/a") }, "/v1/a"), ...entriesOf({ GET: declared("GET", "/v1/a") }, "/v1/b")])).toThrow(
      /two handlers for GET \/v1\/a/,
    );
  });

  it("loads every route file under app/api/v1, and knows the real routes", async () => {
    const real = await loadRouteTable();
    expect(real.length).toBe(listRouteFiles().length);
    const allow = (path: string) => bestMatch(real, path.split("/").filter(Boolean))?.[2];
    expect(allow("/v1/game")).toBe("GET");
    expect(allow("/v1/vc/credits")).toBe("POST");
    expect(allow("/v1/users/link/initiate")).toBe("GET, POST");
    expect(allow("/v1/openapi.json")).toBe("GET");
    expect(await loadRouteTable()).toBe(real);
  });
});

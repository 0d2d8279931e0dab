import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listRouteFiles, renderRouteMethods, ROUTE_METHODS as ROUTE_METHODS_FILE } from "@/scripts/gen-route-index";
import { methodsFor, type RouteMethods } from "./method-table";
import { ROUTE_METHODS } from "./route-methods";

const table: RouteMethods[] = [
  ["/v1/products", ["GET", "POST", "PUT"]],
  ["/v1/products/[userRef]", ["GET", "POST"]],
  ["/v1/users/link/initiate", ["GET", "POST"]],
  ["/v1/users/[userRef]", ["GET"]],
  ["/v1/campaign/[id]/users/[userRef]", ["DELETE"]],
];

describe("methodsFor", () => {
  it("finds the route folder of a path, dynamic segments matching any value", () => {
    expect(methodsFor(table, "/v1/products")).toEqual(["GET", "POST", "PUT"]);
    expect(methodsFor(table, "/v1/products/gmu_test_1")).toEqual(["GET", "POST"]);
    expect(methodsFor(table, "/v1/campaign/abc/users/pvu_1")).toEqual(["DELETE"]);
    expect(methodsFor(table, "/v1/campaign/abc/users/pvu_1/")).toEqual(["DELETE"]);
  });

  it("prefers a static segment over a dynamic one, as Next.js routes", () => {
    expect(methodsFor(table, "/v1/users/link/initiate")).toEqual(["GET", "POST"]);
    expect(methodsFor(table, "/v1/users/gmu_1")).toEqual(["GET"]);
  });

  it("is null for paths no route serves (the JSON 404 fallback answers them)", () => {
    expect(methodsFor(table, "/v1/nope")).toBeNull();
    expect(methodsFor(table, "/v1/products/a/b/c")).toBeNull();
  });

  it("the generated table is current and knows the real routes", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const served = listRouteFiles(root).filter((f) => f.file !== "app/api/v1/[...path]/route.ts");
    expect(fs.readFileSync(path.join(root, ROUTE_METHODS_FILE), "utf8"), "Run `npm run routes:index`.").toBe(renderRouteMethods(served, root));
    expect(methodsFor(ROUTE_METHODS, "/v1/game")).toEqual(["GET"]);
    expect(methodsFor(ROUTE_METHODS, "/v1/vc/credits")).toEqual(["POST"]);
    expect(methodsFor(ROUTE_METHODS, "/v1/users/link/initiate")).toEqual(["GET", "POST"]);
  });
});

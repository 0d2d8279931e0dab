// The scope matrix: every route a platform key may call with a declared scope × the three sets whose
// intersection is the effective permission (platform-approved, key, business grant). For each, a platform
// holding everything but that scope in that one set gets 403 INSUFFICIENT_SCOPE naming the scope and the
// set, and with the scope everywhere the same call is not refused for its scope. Routes are read from the
// route files and the registry, so a new platform route is covered by construction.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/http/openapi";
import { registeredRoutes, type RegisteredRoute } from "@/lib/http/registry";
import type { RouteHandler } from "@/lib/http/route";
import { ALL_SCOPES, BUSINESS_SCOPES, isManagementScope, lackingMessage, SCOPE_SET_FIELD, type ScopeSet } from "@/lib/platform/scopes";
import { listRouteFiles } from "@/lib/ops/route-table";
import { call } from "./support/http";
import { makeCampaignIn, makePlatformTenant } from "./support/platform";

const root = path.resolve(import.meta.dirname, "..");
const handlers = new Map<string, RouteHandler>();
const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const kinds = (r: RegisteredRoute): readonly string[] => (typeof r.auth === "string" ? [r.auth] : r.auth);

beforeAll(async () => {
  for (const { file } of listRouteFiles(root)) {
    const mod = (await import(pathToFileURL(path.join(root, file)).href)) as Record<string, unknown>;
    for (const exported of Object.values(mod)) {
      const h = exported as RouteHandler;
      if (typeof h === "function" && h.definition) handlers.set(key(h.definition), h);
    }
  }
}, 120_000);

const scopedPlatformRoutes = () => registeredRoutes().filter((r) => kinds(r).includes("platform") && r.scope);

/** The sets that can lack the route's scope: the grant only for a route that acts for a business, with a business scope. */
const setsOf = (r: RegisteredRoute): ScopeSet[] => (r.targetBusiness && !isManagementScope(r.scope!) ? ["platform", "key", "grant"] : ["platform", "key"]);

const without = (list: readonly string[], scope: string) => list.filter((s) => s !== scope);

/** Calls the route as a platform holding `scope` everywhere but in `lacking`: dummy path params, an empty body. */
const callLacking = async (r: RegisteredRoute, lacking: ScopeSet | null) => {
  const scope = r.scope!;
  const t = await makePlatformTenant({
    approvedScopes: lacking === "platform" ? without(ALL_SCOPES, scope) : ALL_SCOPES,
    keyScopes: lacking === "key" ? without(ALL_SCOPES, scope) : ALL_SCOPES,
    grantScopes: lacking === "grant" ? without(BUSINESS_SCOPES, scope) : BUSINESS_SCOPES,
  });
  // A campaign route resolves its business from the campaign in the path: a real campaign of the granting business.
  const campaignId = r.targetBusiness === "campaign" ? (await makeCampaignIn(t.business.id)).id : null;
  const params = Object.fromEntries(
    [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], m[1] === "campaignId" && campaignId ? campaignId : "000000000000000000000000"]),
  );
  return call(handlers.get(key(r))!, {
    headers: { ...(r.targetBusiness ? t.tb : t.mgmt), "idempotency-key": randomUUID() },
    params,
    ...(r.body ? { rawBody: "{}" } : {}),
  });
};

describe("the platform scope matrix", () => {
  it("finds the platform routes, and every /v1/platform route declares the scope it needs", () => {
    const platformRoutes = registeredRoutes().filter((r) => r.path.startsWith("/v1/platform/"));
    expect(platformRoutes.length).toBeGreaterThanOrEqual(13);
    expect(platformRoutes.filter((r) => !r.scope).map(key)).toEqual([]);
    expect(platformRoutes.filter((r) => !kinds(r).includes("platform")).map(key)).toEqual([]);
    for (const r of scopedPlatformRoutes()) {
      expect(ALL_SCOPES, key(r)).toContain(r.scope);
      expect(handlers.has(key(r)), key(r)).toBe(true);
    }
  });

  it("the API document shows each route's scope, in x-required-scope and in the description", () => {
    const doc = buildOpenApiDocument(registeredRoutes(), "http://localhost:3000") as {
      paths: Record<string, Record<string, { "x-required-scope"?: string; description?: string }>>;
    };
    for (const r of scopedPlatformRoutes()) {
      const op = doc.paths[r.path]![r.method.toLowerCase()]!;
      expect(op["x-required-scope"], key(r)).toBe(r.scope);
      expect(op.description, key(r)).toContain(r.scope!);
    }
  });

  it("with the scope in all three sets, no route refuses the call for its scope", async () => {
    for (const r of scopedPlatformRoutes()) {
      const res = await callLacking(r, null);
      expect([401, 403].includes(res.status) ? `${res.status} ${res.body.code}` : "ok", key(r)).toBe("ok");
    }
  }, 120_000);

  it("a scope missing from any one set is 403 INSUFFICIENT_SCOPE naming the scope and that set", async () => {
    let cases = 0;
    for (const r of scopedPlatformRoutes()) {
      for (const set of setsOf(r)) {
        const res = await callLacking(r, set);
        const what = `${key(r)} lacking ${r.scope} in ${set}`;
        expect(res.status, what).toBe(403);
        expect(res.body.code, what).toBe("INSUFFICIENT_SCOPE");
        expect(res.body.error, what).toBe(lackingMessage(r.scope!, set));
        expect(res.body.details, what).toEqual([{ field: SCOPE_SET_FIELD[set], message: lackingMessage(r.scope!, set) }]);
        cases++;
      }
    }
    expect(cases).toBeGreaterThanOrEqual(26);
    // the grant set is exercised as soon as one route acts for a business
    const tbRoutes = scopedPlatformRoutes().filter((r) => setsOf(r).includes("grant")).length;
    console.info(`[scope matrix] ${scopedPlatformRoutes().length} routes, ${cases} cases, ${tbRoutes} routes acting for a business`);
  }, 300_000);
});

describe("campaign routes", () => {
  it("a key lacking the route's scope is refused before the campaign is looked up: the same 403 for a real and an unknown campaign", async () => {
    const route = scopedPlatformRoutes().find((r) => r.method === "GET" && r.path === "/v1/platform/campaigns/{campaignId}")!;
    const t = await makePlatformTenant({ keyScopes: without(ALL_SCOPES, "campaign:read") });
    const real = await makeCampaignIn(t.business.id);
    const answers = [];
    for (const campaignId of [real.id, "000000000000000000000000"]) {
      const res = await call(handlers.get(key(route))!, { headers: t.mgmt, params: { campaignId } });
      answers.push({ status: res.status, code: res.body.code, error: res.body.error });
    }
    expect(answers[0]).toEqual({ status: 403, code: "INSUFFICIENT_SCOPE", error: lackingMessage("campaign:read", "key") });
    expect(answers[1]).toEqual(answers[0]);
  });
});

// The platform branch of the kernel's authentication (lib/http/authenticate.ts) on a route that acts for a
// business: X-Target-Business-Id, the active grant, and the three scope sets. (The scope matrix in
// tests/platform-scope-matrix.test.ts runs every real platform route through the same checks.)
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { route } from "../http/route.ts";
import { call } from "../../tests/support/http.ts";
import { makeBusiness, makePlatformTenant, platformHeaders } from "../../tests/support/platform.ts";
import { getDb } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { endGrant } from "./end-grant.ts";
import { ALL_SCOPES, BUSINESS_SCOPES } from "./scopes.ts";

const Seen = z.object({ businessId: z.string().nullable(), grantId: z.string().nullable(), hasScope: z.boolean() });

const ACT = route({
  method: "GET",
  path: "/v1/platform/test-only/act",
  summary: "test only",
  tags: ["test"],
  auth: "platform",
  scope: "item:read",
  targetBusiness: true,
  idempotency: "none",
  response: { status: 200, schema: Seen },
  handler: async ({ ctx }) => ({
    businessId: ctx.scope.businessId,
    grantId: ctx.scope.grantId,
    hasScope: ctx.actor.scopes.includes("item:read"),
  }),
});

const MANAGE = route({
  method: "GET",
  path: "/v1/platform/test-only/manage",
  summary: "test only",
  tags: ["test"],
  auth: "platform",
  scope: "platform:read",
  targetBusiness: true,
  idempotency: "none",
  response: { status: 200, schema: Seen },
  handler: async ({ ctx }) => ({ businessId: ctx.scope.businessId, grantId: ctx.scope.grantId, hasScope: true }),
});

describe("platform keys acting for a business", () => {
  it("with an active grant holding the scope: the scope names the business and the grant; the grant's last use is recorded", async () => {
    const { business, grant, tb } = await makePlatformTenant();
    const res = await call(ACT, { headers: tb });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ businessId: business.id, grantId: grant!.id, hasScope: true });
    expect((await getDb().businessGrant.findUniqueOrThrow({ where: { id: grant!.id } })).lastUsedAt).toBeInstanceOf(Date);
  });

  it("400 without X-Target-Business-Id; 404 BUSINESS_NOT_FOUND for an unknown business or one of the other environment", async () => {
    const { rawKey, mgmt } = await makePlatformTenant();
    expect((await call(ACT, { headers: mgmt })).body.code).toBe("TARGET_BUSINESS_REQUIRED");
    const live = await makeBusiness("live");
    for (const id of ["000000000000000000000000", live.id]) {
      const res = await call(ACT, { headers: platformHeaders(rawKey, id) });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("BUSINESS_NOT_FOUND");
    }
  });

  it("403 GRANT_REQUIRED without an active grant: never granted, revoked, or granted to another platform", async () => {
    const { rawKey, grant, tb } = await makePlatformTenant();
    const other = await makePlatformTenant();
    expect((await call(ACT, { headers: platformHeaders(rawKey, (await makeBusiness()).id) })).body.code).toBe("GRANT_REQUIRED");
    expect((await call(ACT, { headers: platformHeaders(rawKey, other.business.id) })).body.code).toBe("GRANT_REQUIRED");
    await inTransaction(getDb(), (tx) => endGrant({ db: tx }, { grantId: grant!.id, by: "business" }));
    const revoked = await call(ACT, { headers: tb });
    expect(revoked.status).toBe(403);
    expect(revoked.body.code).toBe("GRANT_REQUIRED");
  });

  it("403 INSUFFICIENT_SCOPE naming every set that lacks the scope, in the order platform, key, grant", async () => {
    const lacking = (list: readonly string[]) => list.filter((s) => s !== "item:read");
    const grantOnly = await makePlatformTenant({ grantScopes: lacking(BUSINESS_SCOPES) });
    const g = await call(ACT, { headers: grantOnly.tb });
    expect(g.status).toBe(403);
    expect(g.body).toMatchObject({
      code: "INSUFFICIENT_SCOPE",
      error:
        "This call needs item:read; the business did not grant it. Ask the business for a new grant (revoke this one, then send an invite or a link session with the scope).",
      details: [{ field: "grant.grantedScopes", message: expect.stringContaining("the business did not grant it") }],
    });
    const all = await makePlatformTenant({ approvedScopes: lacking(ALL_SCOPES), keyScopes: lacking(ALL_SCOPES), grantScopes: lacking(BUSINESS_SCOPES) });
    const a = await call(ACT, { headers: all.tb });
    expect(a.body.details.map((d: { field: string }) => d.field)).toEqual(["platform.approvedScopes", "key.requestedScopes", "grant.grantedScopes"]);
    expect(a.body.error).toBe(a.body.details.map((d: { message: string }) => d.message).join(" "));
  });

  it("a management scope needs no grant scope (only an active grant for the business named)", async () => {
    const { business, tb } = await makePlatformTenant({ grantScopes: ["item:read"] });
    expect((await call(MANAGE, { headers: tb })).body).toMatchObject({ businessId: business.id });
  });

  it("test keys see test approvals; live keys need the operator's", async () => {
    const live = await makePlatformTenant({ environment: "live", approvedScopes: ["platform:read"] });
    await getDb().platform.update({ where: { id: live.platform.id }, data: { testApprovedScopes: ["item:read"] } });
    const res = await call(ACT, { headers: live.tb });
    expect(res.status).toBe(403);
    expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(["platform.approvedScopes"]);
    const test = await makePlatformTenant({ approvedScopes: ["platform:read"] });
    await getDb().platform.update({ where: { id: test.platform.id }, data: { testApprovedScopes: ["item:read"] } });
    expect((await call(ACT, { headers: test.tb })).status).toBe(200);
  });
});

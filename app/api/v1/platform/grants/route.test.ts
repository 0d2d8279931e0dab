import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { call } from "@/tests/support/http";
import { makeBusiness, makePlatformTenant } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { grantBusiness } from "@/lib/platform/grant-business";
import { endGrant } from "@/lib/platform/end-grant";
import { inTransaction } from "@/lib/db/transaction";
import { BUSINESS_SCOPES } from "@/lib/platform/scopes";
import { authenticate } from "@/lib/http/authenticate";

describe("GET /v1/platform/grants", () => {
  it("lists the platform's grants from businesses of the key's environment, newest first, revoked ones included", async () => {
    const { platform, business, grant, mgmt } = await makePlatformTenant();
    const second = await makeBusiness();
    const g2 = await grantBusiness({ db: getDb() }, { platformId: platform.id, businessId: second.id, scopes: ["item:read"], source: "invite" });
    await inTransaction(getDb(), (tx) => endGrant({ db: tx }, { grantId: g2.id, by: "business" }));
    const live = await makeBusiness("live");
    await grantBusiness({ db: getDb() }, { platformId: platform.id, businessId: live.id, scopes: ["item:read"] });
    await makePlatformTenant(); // another platform's grant
    const res = await call(GET, { headers: mgmt });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.grants[0]).toEqual({
      _id: g2.id,
      grantId: g2.id,
      platformId: platform.id,
      businessId: second.id,
      businessName: second.name,
      grantedScopes: ["item:read"],
      status: "revoked",
      source: "invite",
      createdAt: g2.createdAt.toISOString(),
      revokedAt: expect.any(String),
      revokedBy: "business",
      lastUsedAt: null,
    });
    expect(res.body.grants[1]).toEqual({
      _id: grant!.id,
      grantId: grant!.id,
      platformId: platform.id,
      businessId: business.id,
      businessName: business.name,
      grantedScopes: BUSINESS_SCOPES,
      status: "active",
      source: "direct",
      createdAt: grant!.createdAt.toISOString(),
      revokedAt: null,
      revokedBy: null,
      lastUsedAt: null,
    });
  });

  it("shows the last call the platform made for the business", async () => {
    const { grant, mgmt, tb } = await makePlatformTenant();
    // any authenticated call with X-Target-Business-Id (a route that acts for the business) records it
    await authenticate(new Request("http://localhost/api/v1/x", { headers: tb }), { auth: "platform", targetBusiness: true, scope: "item:read" });
    const res = await call(GET, { headers: mgmt });
    const shown = res.body.grants.find((g: { grantId: string }) => g.grantId === grant!.id);
    expect(Date.parse(shown.lastUsedAt)).toBeGreaterThan(Date.now() - 10_000);
  });

  it("401 without a key; 403 naming platform.grant:manage and the set that lacks it", async () => {
    expect((await call(GET, {})).status).toBe(401);
    const a = await makePlatformTenant({ approvedScopes: ["platform:read"] });
    expect((await call(GET, { headers: a.mgmt })).body.details).toEqual([
      { field: "platform.approvedScopes", message: expect.stringContaining("platform.grant:manage") },
    ]);
    const b = await makePlatformTenant({ keyScopes: ["platform:read"] });
    expect((await call(GET, { headers: b.mgmt })).body.details).toEqual([
      { field: "key.requestedScopes", message: expect.stringContaining("platform.grant:manage") },
    ]);
  });
});

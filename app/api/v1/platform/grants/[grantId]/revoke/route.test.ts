import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { GET as GRANTS } from "../../route";
import { POST as INVITE } from "../../../invites/route";
import { call } from "@/tests/support/http";
import { idem, makePlatformTenant } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { authenticate } from "@/lib/http/authenticate";
import { newId } from "@/lib/db/ids";

const actForBusiness = (headers: Record<string, string>) =>
  authenticate(new Request("http://localhost/api/v1/x", { headers }), { auth: "platform", targetBusiness: true, scope: "item:read" }).then(
    () => 200,
    (e: { status: number; code: string }) => `${e.status} ${e.code}`,
  );

describe("POST /v1/platform/grants/{grantId}/revoke", () => {
  it("revokes the grant: the platform's next call for the business is 403 GRANT_REQUIRED; the grant reads revoked by the platform", async () => {
    const { grant, business, mgmt, tb } = await makePlatformTenant();
    expect(await actForBusiness(tb)).toBe(200);
    const res = await call(POST, { headers: { ...mgmt, ...idem() }, params: { grantId: grant!.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: `Grant revoked: the platform can no longer act for ${business.name}. A new invite can now be sent.` });
    expect(await actForBusiness(tb)).toBe("403 GRANT_REQUIRED");
    const shown = (await call(GRANTS, { headers: mgmt })).body.grants[0];
    expect(shown).toMatchObject({ grantId: grant!.id, status: "revoked", revokedBy: "platform", revokedAt: expect.any(String) });
  });

  it("clears the business's invites, so a new invite can be sent", async () => {
    const { platform, grant, business, mgmt } = await makePlatformTenant();
    const accepted = await getDb().platformInvite.create({
      data: {
        id: newId(),
        platformId: platform.id,
        businessId: business.id,
        environment: "test",
        requestedScopes: ["item:read"],
        status: "accepted",
        grantId: grant!.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    const refused = await call(INVITE, { headers: { ...mgmt, ...idem() }, body: { businessId: business.id, requestedScopes: ["gift:read"] } });
    expect(refused.body.code).toBe("GRANT_ALREADY_ACTIVE");
    await call(POST, { headers: { ...mgmt, ...idem() }, params: { grantId: grant!.id } });
    expect((await getDb().platformInvite.findUniqueOrThrow({ where: { id: accepted.id } })).status).toBe("cleared");
    const invite = await call(INVITE, { headers: { ...mgmt, ...idem() }, body: { businessId: business.id, requestedScopes: ["gift:read"] } });
    expect(invite.status).toBe(201);
    expect(invite.body).toMatchObject({ businessId: business.id, requestedScopes: ["gift:read"], status: "pending" });
  });

  it("409 GRANT_NOT_ACTIVE for a grant already revoked", async () => {
    const { grant, mgmt } = await makePlatformTenant();
    await call(POST, { headers: { ...mgmt, ...idem() }, params: { grantId: grant!.id } });
    const again = await call(POST, { headers: { ...mgmt, ...idem() }, params: { grantId: grant!.id } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("GRANT_NOT_ACTIVE");
  });

  it("404 for another platform's grant, a live grant from a test key, or an unknown id; the grant stays active", async () => {
    const { mgmt } = await makePlatformTenant();
    const stranger = await makePlatformTenant();
    const live = await makePlatformTenant({ environment: "live" });
    for (const grantId of [stranger.grant!.id, live.grant!.id, "000000000000000000000000"]) {
      const res = await call(POST, { headers: { ...mgmt, ...idem() }, params: { grantId } });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("GRANT_NOT_FOUND");
    }
    expect(await getDb().businessGrant.count({ where: { id: { in: [stranger.grant!.id, live.grant!.id] }, status: "active" } })).toBe(2);
  });

  it("a replay answers the same success without a second revocation; Idempotency-Key is required", async () => {
    const { grant, mgmt } = await makePlatformTenant();
    const headers = { ...mgmt, ...idem() };
    const first = await call(POST, { headers, params: { grantId: grant!.id } });
    const again = await call(POST, { headers, params: { grantId: grant!.id } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await call(POST, { headers: mgmt, params: { grantId: grant!.id } })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
  });

  it("401 without a key; 403 naming platform.grant:manage and the set that lacks it (the grant stays active)", async () => {
    const { grant } = await makePlatformTenant();
    expect((await call(POST, { headers: idem(), params: { grantId: grant!.id } })).status).toBe(401);
    const a = await makePlatformTenant({ keyScopes: ["platform:read"] });
    const res = await call(POST, { headers: { ...a.mgmt, ...idem() }, params: { grantId: a.grant!.id } });
    expect(res.status).toBe(403);
    expect(res.body.details).toEqual([{ field: "key.requestedScopes", message: expect.stringContaining("platform.grant:manage") }]);
    expect((await getDb().businessGrant.findUniqueOrThrow({ where: { id: a.grant!.id } })).status).toBe("active");
  });
});

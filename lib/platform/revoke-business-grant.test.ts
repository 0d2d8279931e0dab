import { describe, expect, it } from "vitest";
import { revokeBusinessGrant } from "./revoke-business-grant.ts";
import { getDb } from "../db/client.ts";
import { authenticate } from "../http/authenticate.ts";
import { makeBusinessAdmin, makePlatformTenant } from "../../tests/support/platform.ts";

const platformCall = (headers: Record<string, string>) =>
  authenticate(new Request("http://localhost/api/v1/x", { headers }), { auth: "platform", targetBusiness: true, scope: "item:read" }).then(
    () => "ok",
    (e: { code: string }) => e.code,
  );

describe("revokeBusinessGrant (the Connected platforms page's revoke button)", () => {
  it("an admin revokes the grant: revoked by the business, and the platform's next call for it is 403 GRANT_REQUIRED", async () => {
    const { business, grant, tb } = await makePlatformTenant();
    expect(await platformCall(tb)).toBe("ok");
    const admin = await makeBusinessAdmin(business.id);
    const out = await revokeBusinessGrant({ db: getDb(), player: admin }, { businessId: business.id, grantId: grant!.id });
    expect(out).toMatchObject({ status: "revoked", revokedBy: "business" });
    expect(await platformCall(tb)).toBe("GRANT_REQUIRED");
  });

  it("404 for another business's grant (even for an admin of this one); the grant stays active", async () => {
    const mine = await makePlatformTenant();
    const theirs = await makePlatformTenant();
    const admin = await makeBusinessAdmin(mine.business.id);
    await expect(revokeBusinessGrant({ db: getDb(), player: admin }, { businessId: mine.business.id, grantId: theirs.grant!.id })).rejects.toMatchObject({
      code: "GRANT_NOT_FOUND",
    });
    await expect(revokeBusinessGrant({ db: getDb(), player: admin }, { businessId: theirs.business.id, grantId: theirs.grant!.id })).rejects.toMatchObject({
      code: "BUSINESS_NOT_FOUND",
    });
    expect((await getDb().businessGrant.findUniqueOrThrow({ where: { id: theirs.grant!.id } })).status).toBe("active");
  });

  it("409 GRANT_NOT_ACTIVE when revoked twice", async () => {
    const { business, grant } = await makePlatformTenant();
    const admin = await makeBusinessAdmin(business.id);
    await revokeBusinessGrant({ db: getDb(), player: admin }, { businessId: business.id, grantId: grant!.id });
    await expect(revokeBusinessGrant({ db: getDb(), player: admin }, { businessId: business.id, grantId: grant!.id })).rejects.toMatchObject({
      code: "GRANT_NOT_ACTIVE",
    });
  });
});

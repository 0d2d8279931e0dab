// The seed's platform half (test-mode.md §1): an active platform holding a test key with every scope
// approved, an active grant of every business scope from the seed business, and (for the hosted business
// pages) the developer's email as an admin owner of that business.
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { getDb } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { createSeedTenants } from "./create-seed-tenants.ts";
import { addBusinessMember } from "../tenants/add-business-member.ts";
import { ALL_SCOPES, BUSINESS_SCOPES } from "../platform/scopes.ts";
import { call } from "../../tests/support/http.ts";
import { GET as ME } from "../../app/api/v1/platform/me/route.ts";
import { listAdminBusinesses } from "../platform/load-business-pages.ts";
import { checkPasswordHash } from "../auth/password-hash.ts";

describe("the seed's platform and business admin", () => {
  it("a platform with every scope approved, a test key holding all of them, every business scope granted, the developer an admin", async () => {
    const seeded = await inTransaction(getDb(), (tx) => createSeedTenants({ db: tx }, { tag: randomBytes(3).toString("hex"), webhookUrl: null }));
    const platform = await getDb().platform.findUniqueOrThrow({ where: { id: seeded.platform.platformId } });
    expect(platform).toMatchObject({ status: "active", approvedScopes: ALL_SCOPES, testApprovedScopes: [] });
    // the seed's business owns it: its developer sees it in the portal's platform console
    expect(platform.ownerBusinessId).toBe(seeded.business.businessId);
    const me = await call(ME, { headers: { authorization: `Bearer ${seeded.platform.platformKey}` } });
    expect(me.body.keyInfo).toMatchObject({ environment: "test", activeScopes: ALL_SCOPES, requestedScopes: ALL_SCOPES });
    const grants = await getDb().businessGrant.findMany({ where: { platformId: platform.id } });
    expect(grants).toEqual([expect.objectContaining({ businessId: seeded.business.businessId, grantedScopes: BUSINESS_SCOPES, status: "active" })]);
    expect(await getDb().businessMember.findMany({ where: { businessId: seeded.business.businessId } })).toEqual([
      expect.objectContaining({ email: seeded.portal.email, roles: ["admin"], isOwner: true, playerId: null }),
    ]);
    // the printed login is a verified player too (it signs in on every sign-in form), with the printed password,
    // and it administers the business
    const player = await getDb().player.findUniqueOrThrow({ where: { email: seeded.portal.email } });
    expect(player.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await checkPasswordHash(player.passwordHash, seeded.portal.password)).toBe(true);
    expect((await listAdminBusinesses({ db: getDb() }, { playerId: player.id, email: player.email })).map((b) => b.id)).toEqual([seeded.business.businessId]);
  });

  it("addBusinessMember lower-cases the email and keeps an existing member as it is", async () => {
    const seeded = await inTransaction(getDb(), (tx) => createSeedTenants({ db: tx }, { tag: randomBytes(3).toString("hex"), webhookUrl: null }));
    const again = await addBusinessMember(
      { db: getDb() },
      { businessId: seeded.business.businessId, email: seeded.portal.email.toUpperCase(), roles: ["viewer"] },
    );
    expect(again).toMatchObject({ email: seeded.portal.email, roles: ["admin"], isOwner: true });
  });
});

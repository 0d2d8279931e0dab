// pageContext: one page load reads the player's memberships once, however many of its loaders check access, and each
// check still answers as requirePortalAccess does (the member, a stranger's 404, a role's refusal, nobody's 401); a
// new page load reads them again (a membership removed in between is gone).
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import type { DbContext } from "@/lib/core/context";
import { makeBusiness, makeBusinessAdmin } from "@/tests/support/platform";
import { pageContext, requirePortalAccess } from "./require-portal-access";

const real = getDb();
/** the database, counting the reads of a player (listMemberships' first statement) */
const counting = () => {
  const counter = { reads: 0 };
  const db = new Proxy(real, {
    get: (target, name, receiver) =>
      name === "player"
        ? { findUnique: (args: Parameters<typeof real.player.findUnique>[0]) => (counter.reads++, real.player.findUnique(args)) }
        : Reflect.get(target, name, receiver),
  }) as DbContext["db"];
  return { db, counter };
};

describe("pageContext", () => {
  it("reads the memberships once for a page's three access checks, and each check answers as before", async () => {
    const business = await makeBusiness();
    const other = await makeBusiness();
    const admin = await makeBusinessAdmin(business.id);
    const viewer = await makeBusinessAdmin(business.id, { roles: ["viewer"] });
    const { db, counter } = counting();

    const ctx = pageContext(db, admin);
    const members = await Promise.all([
      requirePortalAccess(ctx, { businessId: business.id, permission: "overview:read" }),
      requirePortalAccess(ctx, { businessId: business.id, permission: "members:write" }),
      requirePortalAccess(ctx, { businessId: business.id, permission: "ledger:read" }),
    ]);
    expect(counter.reads).toBe(1);
    expect(members.map((m) => [m.business.id, m.roles, m.playerId])).toEqual(Array(3).fill([business.id, ["admin"], admin.playerId]));
    await expect(requirePortalAccess(ctx, { businessId: other.id, permission: "overview:read" })).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND" });
    expect(counter.reads).toBe(1);

    const asViewer = pageContext(db, viewer);
    await expect(requirePortalAccess(asViewer, { businessId: business.id, permission: "overview:read" })).resolves.toMatchObject({ roles: ["viewer"] });
    await expect(requirePortalAccess(asViewer, { businessId: business.id, permission: "members:write" })).rejects.toMatchObject({
      code: "PORTAL_ROLE_REQUIRED",
    });
    expect(counter.reads).toBe(2);
    await expect(requirePortalAccess({ db, player: null }, { businessId: business.id, permission: "overview:read" })).rejects.toMatchObject({
      code: "ADMIN_SIGN_IN_REQUIRED",
    });

    // the next page load reads again: the viewer removed meanwhile is a stranger there
    await real.businessMember.deleteMany({ where: { businessId: business.id, playerId: viewer.playerId } });
    await real.businessMember.deleteMany({ where: { businessId: business.id, email: viewer.email } });
    await expect(requirePortalAccess(pageContext(db, viewer), { businessId: business.id, permission: "overview:read" })).rejects.toMatchObject({
      code: "BUSINESS_NOT_FOUND",
    });
    expect(counter.reads).toBe(3);
  });
});

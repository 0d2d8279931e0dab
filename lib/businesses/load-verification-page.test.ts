import { describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { addBusinessMember } from "../tenants/add-business-member.ts";
import { makeBusinessTenant } from "../../tests/support/business.ts";
import { makePlayer } from "../../tests/support/players.ts";
import { loadVerificationPage } from "./load-verification-page.ts";

const as = (p: { id: string; email: string } | null) => ({ db: getDb(), player: p ? { playerId: p.id, email: p.email } : null });

describe("loadVerificationPage", () => {
  it("the business and its verification status for an admin (owner or admin role, verified email); null for anyone else", async () => {
    const t = await makeBusinessTenant();
    await getDb().business.update({ where: { id: t.business.id }, data: { kybStatus: "pending", logoUrl: "https://cdn.example.com/l.png" } });
    const owner = await makePlayer();
    const admin = await makePlayer();
    const viewer = await makePlayer();
    const unverified = await makePlayer({ password: null });
    await addBusinessMember({ db: getDb() }, { businessId: t.business.id, email: owner.email, roles: [], isOwner: true });
    await addBusinessMember({ db: getDb() }, { businessId: t.business.id, email: admin.email.toUpperCase(), roles: ["admin"] });
    await addBusinessMember({ db: getDb() }, { businessId: t.business.id, email: viewer.email, roles: ["finance"] });
    await addBusinessMember({ db: getDb() }, { businessId: t.business.id, email: unverified.email, roles: ["admin"] });
    const expected = {
      merchant: { kind: "business", name: t.business.name, imageUrl: "https://cdn.example.com/l.png", environment: "test" },
      status: "pending",
    };
    expect(await loadVerificationPage(as(owner), { businessId: t.business.id })).toEqual(expected);
    expect(await loadVerificationPage(as(admin), { businessId: t.business.id })).toEqual(expected);
    expect(await loadVerificationPage(as(viewer), { businessId: t.business.id })).toBeNull();
    expect(await loadVerificationPage(as(unverified), { businessId: t.business.id })).toBeNull();
    expect(await loadVerificationPage(as(null), { businessId: t.business.id })).toBeNull();
    expect(await loadVerificationPage(as(owner), { businessId: "000000000000000000000000" })).toBeNull();
    const other = await makeBusinessTenant();
    expect(await loadVerificationPage(as(owner), { businessId: other.business.id })).toBeNull();
  });
});

// obu_ references: one per player, per business, per environment; the same every time the player links
// again; opaque (nothing of the player, the business or the order of linking can be read from them).
import { describe, expect, it } from "vitest";
import { POST as REMOVE } from "@/app/api/v1/platform/business/users/[userRef]/link/remove/route";
import { call } from "@/tests/support/http";
import { linkBusinessUser, makeBusinessTenant } from "@/tests/support/business";
import { getDb } from "@/lib/db/client";
import { findOrCreatePlayer, linkPlayer } from "@/lib/linking/link-player";

describe("business-level userRefs (obu_)", () => {
  it("stable per player and business: linking again, and again after removal, gives the same reference", async () => {
    const t = await makeBusinessTenant();
    const first = await linkBusinessUser(t.tb, { email: "stable@example.com" });
    const second = await linkBusinessUser(t.tb, { email: "stable@example.com" });
    expect(second.userRef).toBe(first.userRef);
    await call(REMOVE, { headers: t.tb, params: { userRef: first.userRef } });
    const third = await linkBusinessUser(t.tb, { email: "stable@example.com" });
    expect(third.userRef).toBe(first.userRef);
    expect(await getDb().playerLink.count({ where: { namespaceType: "business", namespaceId: t.business.id } })).toBe(1);
  });

  it("different per business, per player and per environment; obu_test_ in test and obu_ in live", async () => {
    const a = await makeBusinessTenant();
    const b = await makeBusinessTenant();
    const inA = await linkBusinessUser(a.tb, { email: "many@example.com" });
    const inB = await linkBusinessUser(b.tb, { email: "many@example.com", asPerson: true });
    const otherPlayer = await linkBusinessUser(a.tb, { email: "someone@example.com" });
    expect(new Set([inA.userRef, inB.userRef, otherPlayer.userRef]).size).toBe(3);
    for (const ref of [inA.userRef, inB.userRef, otherPlayer.userRef]) expect(ref).toMatch(/^obu_test_[0-9a-f]{24}$/);
    // live: the hosted page links live players (no test helper), through the same service
    const live = await makeBusinessTenant({ environment: "live" });
    const player = await findOrCreatePlayer({ db: getDb() }, { email: "many@example.com" });
    const liveLink = await linkPlayer({ db: getDb() }, { namespace: { type: "business", id: live.business.id }, environment: "live", playerId: player.id });
    expect(liveLink.userRef).toMatch(/^obu_[0-9a-f]{24}$/);
    expect(liveLink.userRef).not.toMatch(/^obu_test_/);
  });

  it("opaque: no part of the reference is the player's, the business's, or in linking order", async () => {
    const t = await makeBusinessTenant();
    const refs: { ref: string; playerId: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const l = await linkBusinessUser(t.tb, { email: `order${i}@example.com` });
      refs.push({ ref: l.userRef, playerId: l.player.id });
    }
    for (const { ref, playerId } of refs) {
      const body = ref.slice("obu_test_".length);
      expect(body).not.toContain(playerId.slice(0, 8));
      expect(body).not.toContain(t.business.id.slice(0, 8));
      expect(ref).not.toContain("order");
    }
    // ids are time-ordered (lib/db/ids.ts); references are not: sorting them does not give linking order
    const bodies = refs.map((r) => r.ref);
    const sortedMatchesOrder = [...bodies].sort().every((r, i) => r === bodies[i]);
    const prefixes = new Set(bodies.map((r) => r.slice(9, 17)));
    expect(prefixes.size).toBeGreaterThan(1);
    expect(sortedMatchesOrder && prefixes.size === 1).toBe(false);
  });
});

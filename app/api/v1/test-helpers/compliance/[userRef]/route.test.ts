import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { call } from "@/tests/support/http";
import { expectBusinessAuth, linkBusinessUser, makeBusinessTenant } from "@/tests/support/business";
import { getDb } from "@/lib/db/client";

describe("POST /v1/test-helpers/compliance/{userRef}", () => {
  it("moves the player's compliance to the status and returns the compliance view", async () => {
    const t = await makeBusinessTenant();
    const { userRef, player } = await linkBusinessUser(t.tb);
    const res = await call(POST, { headers: t.tb, params: { userRef }, body: { status: "pending" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userRef, status: "pending", kycUrl: "http://localhost:3000/account/verification" });
    expect(await getDb().playerCompliance.findMany({ where: { playerId: player.id } })).toEqual([
      expect.objectContaining({ playerId: player.id, environment: "test", status: "pending" }),
    ]);
  });

  it("400 for an unknown status naming it; 404 for a live key; 404 for another business's player with nothing changed", async () => {
    const t = await makeBusinessTenant();
    const { userRef, player } = await linkBusinessUser(t.tb);
    const bad = await call(POST, { headers: t.tb, params: { userRef }, body: { status: "verified" } });
    expect([bad.status, bad.body.code, bad.body.details[0].field]).toEqual([400, "VALIDATION_ERROR", "status"]);
    const none = await call(POST, { headers: t.tb, params: { userRef }, body: {} });
    expect(none.body.details[0]).toEqual({ field: "status", message: "must be one of not_started, pending, approved, rejected, action_required" });
    const live = await makeBusinessTenant({ environment: "live" });
    const liveRes = await call(POST, { headers: live.tb, params: { userRef }, body: { status: "approved" } });
    expect([liveRes.status, liveRes.body.code]).toEqual([404, "NOT_FOUND"]);
    const other = await makeBusinessTenant();
    const foreign = await call(POST, { headers: other.tb, params: { userRef }, body: { status: "approved" } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    expect(await getDb().playerCompliance.count({ where: { playerId: player.id } })).toBe(0);
    await expectBusinessAuth(POST, { params: { userRef }, body: { status: "approved" } }, t.tb);
    expect(await getDb().playerCompliance.count({ where: { playerId: player.id } })).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { DELETE, PATCH } from "./route";
import { POST as CREATE } from "../route";
import { call } from "@/tests/support/http";
import { makeCampaign, makeGame } from "@/tests/support/fixtures";
import { getDb } from "@/lib/db/client";

const HOUR = 3600_000;
type C = Awaited<ReturnType<typeof makeCampaign>>;
const create = async (c: C, body: Record<string, unknown> = {}) => (await call(CREATE, { headers: c.headers, params: { id: c.campaign.id }, body })).body;
const patch = (c: C, code: string, body: unknown, headers: Record<string, string> = c.headers) =>
  call(PATCH, { headers, params: { id: c.campaign.id, code }, body });
const revoke = (c: C, code: string, headers: Record<string, string> = c.headers) => call(DELETE, { headers, params: { id: c.campaign.id, code } });
const rowOf = (code: string) => getDb().linkInvite.findUniqueOrThrow({ where: { code } });

describe("PATCH /v1/campaign/{id}/link-invites/{code}", () => {
  it("changes label, maxUses and expiresAt and returns the updated invite; null clears them", async () => {
    const c = await makeCampaign();
    const invite = await create(c, { label: "old" });
    const expiresAt = new Date(Date.now() + 2 * HOUR).toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const res = await patch(c, invite.code, { label: "new", maxUses: 50, expiresAt });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...invite, label: "new", maxUses: 50, expiresAt, updatedAt: expect.any(String) });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(invite.updatedAt));
    expect(await rowOf(invite.code)).toMatchObject({ label: "new", maxUses: 50, expiresAt: new Date(expiresAt) });

    const cleared = await patch(c, invite.code, { label: null, maxUses: null, expiresAt: null });
    const { label: _label, ...unlabelled } = invite;
    expect(cleared.body).toEqual({ ...unlabelled, updatedAt: expect.any(String) });
    expect(cleared.body).not.toHaveProperty("label");
    expect(await rowOf(invite.code)).toMatchObject({ label: null, maxUses: null, expiresAt: null });
  });

  it("state table: active → paused → active; setting the current status again changes nothing", async () => {
    const c = await makeCampaign();
    const { code } = await create(c);
    expect((await patch(c, code, { status: "paused" })).body.status).toBe("paused");
    expect((await rowOf(code)).status).toBe("paused");
    expect((await patch(c, code, { status: "paused" })).body.status).toBe("paused");
    expect((await patch(c, code, { status: "active", label: "back" })).body).toMatchObject({ status: "active", label: "back" });
    expect((await patch(c, code, { status: "active" })).body.status).toBe("active");
    expect((await rowOf(code)).status).toBe("active");
  });

  it("409 INVITE_REVOKED_CONFLICT for any change to a revoked invite; nothing changes", async () => {
    const c = await makeCampaign();
    const { code } = await create(c, { label: "gone" });
    await revoke(c, code);
    for (const body of [{ status: "active" }, { status: "paused" }, { label: "again" }, { maxUses: 5 }]) {
      const res = await patch(c, code, body);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ success: false, code: "INVITE_REVOKED_CONFLICT" });
      expect(res.body.error).toContain("a revoked invite cannot change");
    }
    expect(await rowOf(code)).toMatchObject({ status: "revoked", label: "gone", maxUses: null });
  });

  it("409 MAX_USES_BELOW_CURRENT_USES when maxUses is below the uses already counted; equal is allowed", async () => {
    const c = await makeCampaign();
    const { code } = await create(c);
    await getDb().linkInvite.update({ where: { code }, data: { currentUses: 3 } });
    const res = await patch(c, code, { maxUses: 2 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "MAX_USES_BELOW_CURRENT_USES" });
    expect(res.body.error).toBe("maxUses cannot be 2: the invite has already been used 3 times. Send 3 or more, or null for unlimited.");
    expect((await rowOf(code)).maxUses).toBeNull();
    expect((await patch(c, code, { maxUses: 3 })).body).toMatchObject({ maxUses: 3, currentUses: 3 });
  });

  it.each([
    [{}, "body", "must set at least one of label, maxUses, expiresAt, status"],
    [{ status: "revoked" }, "status", "must be 'active' or 'paused' (to revoke an invite, call DELETE)"],
    [{ status: "ACTIVE" }, "status", "must be 'active' or 'paused' (to revoke an invite, call DELETE)"],
    [{ label: "y".repeat(121) }, "label", "must be at most 120 characters"],
    [{ maxUses: 0 }, "maxUses", "must be at least 1"],
    [{ maxUses: 1_000_001 }, "maxUses", "must be at most 1,000,000"],
    [{ expiresAt: "tomorrow" }, "expiresAt", 'must be an ISO 8601 timestamp with a time zone, e.g. "2030-01-31T12:00:00Z"'],
    [{ expiresAt: new Date(Date.now() - 1000).toISOString() }, "expiresAt", "must be in the future"],
    [{ currentUses: 0, label: "z" }, "currentUses", "is not a field of this request (unknown field)"],
  ])("400 VALIDATION_ERROR for %j naming the field; nothing changes", async (body, field, message) => {
    const c = await makeCampaign();
    const invite = await create(c, { label: "same" });
    const before = await rowOf(invite.code);
    const res = await patch(c, invite.code, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: "VALIDATION_ERROR", details: [{ field, message }] });
    expect(await rowOf(invite.code)).toEqual(before);
  });

  it("404 INVITE_NOT_FOUND for an unknown code and for another campaign's invite (database unchanged); 401 without a campaign key", async () => {
    const a = await makeCampaign();
    const b = await makeCampaign();
    const { code } = await create(b, { label: "b's" });
    const before = await rowOf(code);
    const res = await patch(a, code, { status: "paused" });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: "INVITE_NOT_FOUND" });
    for (const unknown of ["inv_test_unknown", "inv_test_" + "a".repeat(300), "inv_test_\u0000"]) {
      const res = await patch(a, unknown, { status: "paused" });
      expect([res.status, res.body.code, res.body.error]).toEqual([404, "INVITE_NOT_FOUND", `Link invite ${JSON.stringify(unknown)} was not found.`]);
    }
    // b's invite through b's path with a's key: the campaign in the path is not a's
    expect((await call(PATCH, { headers: a.headers, params: { id: b.campaign.id, code }, body: { label: "x" } })).status).toBe(404);
    expect(await rowOf(code)).toEqual(before);
    expect((await patch(b, code, { label: "x" }, {})).status).toBe(401);
    expect((await patch(b, code, { label: "x" }, (await makeGame()).headers)).status).toBe(401);
    expect(await rowOf(code)).toEqual(before);
  });

  it("a live key does not see a test campaign's invite", async () => {
    const live = await makeCampaign({ environment: "live" });
    const { code } = await create(live);
    await getDb().linkInvite.update({ where: { code }, data: { environment: "test" } });
    expect((await patch(live, code, { label: "x" })).status).toBe(404);
  });
});

describe("DELETE /v1/campaign/{id}/link-invites/{code}", () => {
  it("revokes an active or a paused invite for good and returns it with revokedAt", async () => {
    const c = await makeCampaign();
    const active = await create(c, { label: "a", maxUses: 10 });
    const res = await revoke(c, active.code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...active, status: "revoked", revokedAt: expect.any(String), updatedAt: expect.any(String) });
    expect(Date.parse(res.body.revokedAt)).toBeGreaterThan(Date.now() - 10_000);
    expect(await rowOf(active.code)).toMatchObject({ status: "revoked", revokedAt: new Date(res.body.revokedAt) });

    const paused = await create(c);
    await patch(c, paused.code, { status: "paused" });
    expect((await revoke(c, paused.code)).body.status).toBe("revoked");
  });

  it("revoking twice returns the revoked invite unchanged (revokedAt stays the first)", async () => {
    const c = await makeCampaign();
    const { code } = await create(c);
    const first = await revoke(c, code);
    await new Promise((r) => setTimeout(r, 5));
    const second = await revoke(c, code);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
  });

  it("404 for another campaign's invite and an unknown code (database unchanged); 401 without a campaign key", async () => {
    const a = await makeCampaign();
    const b = await makeCampaign();
    const { code } = await create(b);
    const res = await revoke(a, code);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: "INVITE_NOT_FOUND" });
    expect((await revoke(a, "inv_test_nope")).status).toBe(404);
    expect((await revoke(b, code, {})).status).toBe(401);
    expect((await revoke(b, code, (await makeGame()).headers)).status).toBe(401);
    expect(await rowOf(code)).toMatchObject({ status: "active", revokedAt: null });
  });
});

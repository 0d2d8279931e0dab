import { afterEach, describe, expect, it } from "vitest";
import { POST } from "./route";
import { POST as INVITE } from "../../route";
import { call } from "@/tests/support/http";
import { addPlatformKey, idem, makeBusiness, makePlatformTenant } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { setClockOffsetForTests } from "@/lib/core/clock";
import { INVITE_LIFETIME_MS } from "@/lib/platform/create-invite";

afterEach(() => setClockOffsetForTests(0));

const invite = async (headers: Record<string, string>) => {
  const business = await makeBusiness();
  return (await call(INVITE, { headers: { ...headers, ...idem() }, body: { businessId: business.id, requestedScopes: ["item:read"] } })).body;
};

describe("POST /v1/platform/invites/{inviteId}/cancel", () => {
  it("cancels a pending invite", async () => {
    const { mgmt } = await makePlatformTenant({ grantScopes: null });
    const { inviteId } = await invite(mgmt);
    const res = await call(POST, { headers: { ...mgmt, ...idem() }, params: { inviteId } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Invite cancelled. The business can no longer accept it." });
    const row = await getDb().platformInvite.findUniqueOrThrow({ where: { id: inviteId } });
    expect(row.status).toBe("cancelled");
    expect(row.decidedAt).toBeInstanceOf(Date);
  });

  it("409 PLATFORM_INVITE_NOT_PENDING for a cancelled or expired invite", async () => {
    const { mgmt } = await makePlatformTenant({ grantScopes: null });
    const { inviteId } = await invite(mgmt);
    await call(POST, { headers: { ...mgmt, ...idem() }, params: { inviteId } });
    const again = await call(POST, { headers: { ...mgmt, ...idem() }, params: { inviteId } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: "PLATFORM_INVITE_NOT_PENDING",
      error: `Invite ${inviteId} is cancelled; only a pending invite can be cancelled.`,
    });
    const late = await invite(mgmt);
    setClockOffsetForTests(INVITE_LIFETIME_MS + 1000);
    const expired = await call(POST, { headers: { ...mgmt, ...idem() }, params: { inviteId: late.inviteId } });
    expect(expired.status).toBe(409);
    expect(expired.body.error).toMatch(/is expired/);
  });

  it("404 for another platform's invite; it stays pending", async () => {
    const { mgmt } = await makePlatformTenant({ grantScopes: null });
    const stranger = await makePlatformTenant({ grantScopes: null });
    const theirs = await invite(stranger.mgmt);
    const res = await call(POST, { headers: { ...mgmt, ...idem() }, params: { inviteId: theirs.inviteId } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("PLATFORM_INVITE_NOT_FOUND");
    expect((await getDb().platformInvite.findUniqueOrThrow({ where: { id: theirs.inviteId } })).status).toBe("pending");
  });

  it("a replay answers the same success; Idempotency-Key is required", async () => {
    const { mgmt } = await makePlatformTenant({ grantScopes: null });
    const { inviteId } = await invite(mgmt);
    const headers = { ...mgmt, ...idem() };
    const first = await call(POST, { headers, params: { inviteId } });
    const again = await call(POST, { headers, params: { inviteId } });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await call(POST, { headers: mgmt, params: { inviteId } })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
  });

  it("401 without a key; 403 without platform.invite:manage; the invite stays pending", async () => {
    const { platform, mgmt } = await makePlatformTenant({ grantScopes: null });
    const { inviteId } = await invite(mgmt);
    expect((await call(POST, { headers: idem(), params: { inviteId } })).status).toBe(401);
    const weak = await addPlatformKey(platform.id, { scopes: ["platform:read"] });
    const res = await call(POST, { headers: { ...weak.headers, ...idem() }, params: { inviteId } });
    expect(res.status).toBe(403);
    expect(res.body.details[0].field).toBe("key.requestedScopes");
    expect((await getDb().platformInvite.findUniqueOrThrow({ where: { id: inviteId } })).status).toBe("pending");
  });
});

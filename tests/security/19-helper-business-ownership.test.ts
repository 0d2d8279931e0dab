// The invite and platform-link test helpers act out a business admin's decision. Attack: a business granted a
// platform narrow scopes (its admin decided); the platform revokes its own grant, invites the business again
// with every scope, and "accepts" for it with the helper. Rule: a helper decides only for a business this
// platform created (POST /v1/platform/business), 404 for any other; and it needs the scope of the route it
// imitates (platform.invite:manage, like POST /v1/platform/invites and /v1/platform/link-sessions).
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as CREATE_BUSINESS } from "@/app/api/v1/platform/business/route";
import { POST as REVOKE } from "@/app/api/v1/platform/grants/[grantId]/revoke/route";
import { POST as INVITE } from "@/app/api/v1/platform/invites/route";
import { POST as CREATE_SESSION } from "@/app/api/v1/platform/link-sessions/route";
import { POST as ACCEPT } from "@/app/api/v1/test-helpers/invites/[inviteId]/accept/route";
import { POST as DECLINE_INVITE } from "@/app/api/v1/test-helpers/invites/[inviteId]/decline/route";
import { POST as APPROVE_SESSION } from "@/app/api/v1/test-helpers/platform-link-sessions/[sessionKey]/approve/route";
import { POST as DECLINE_SESSION } from "@/app/api/v1/test-helpers/platform-link-sessions/[sessionKey]/decline/route";
import { getDb } from "@/lib/db/client";
import { ALL_SCOPES, BUSINESS_SCOPES } from "@/lib/platform/scopes";
import { call } from "@/tests/support/http";
import { addPlatformKey, idem, makePlatformTenant } from "@/tests/support/platform";

const NARROW = ["business:read"];

const grantsOf = async (platformId: string, businessId: string) =>
  (await getDb().businessGrant.findMany({ where: { platformId, businessId }, orderBy: { createdAt: "asc" } })).map((g) => ({
    status: g.status,
    grantedScopes: g.grantedScopes,
  }));

/** A platform that a business (not created by it: its admin decided) granted narrow scopes. */
const grantedByAdmin = () => makePlatformTenant({ grantScopes: NARROW });

/** The revoke → self-invite with every scope chain, up to the helper's call. */
const revokeAndReinvite = async (t: Awaited<ReturnType<typeof grantedByAdmin>>, businessId: string, grantId: string) => {
  const revoked = await call(REVOKE, { headers: { ...t.mgmt, ...idem() }, params: { grantId } });
  expect(revoked.status).toBe(200);
  const invite = await call(INVITE, { headers: { ...t.mgmt, ...idem() }, body: { businessId, requestedScopes: BUSINESS_SCOPES } });
  expect(invite.status).toBe(201);
  return invite.body.inviteId as string;
};

describe("test helpers decide only for businesses the platform created", () => {
  it("revoke → self-invite with more scopes → accept is refused for a business the platform did not create: 404, no grant, scopes unchanged", async () => {
    const t = await grantedByAdmin();
    const inviteId = await revokeAndReinvite(t, t.business.id, t.grant!.id);
    const accepted = await call(ACCEPT, { headers: t.mgmt, params: { inviteId } });
    expect([accepted.status, accepted.body.code]).toEqual([404, "BUSINESS_NOT_FOUND"]);
    expect(accepted.body.error).toMatch(/created/);
    expect(await grantsOf(t.platform.id, t.business.id)).toEqual([{ status: "revoked", grantedScopes: NARROW }]);
    expect((await getDb().platformInvite.findUniqueOrThrow({ where: { id: inviteId } })).status).toBe("pending");
    const declined = await call(DECLINE_INVITE, { headers: t.mgmt, params: { inviteId } });
    expect([declined.status, declined.body.code]).toEqual([404, "BUSINESS_NOT_FOUND"]);
    expect((await getDb().platformInvite.findUniqueOrThrow({ where: { id: inviteId } })).status).toBe("pending");
  });

  it("a platform link session cannot be approved (or declined) for a business the platform did not create: 404, no grant", async () => {
    const t = await grantedByAdmin();
    await call(REVOKE, { headers: { ...t.mgmt, ...idem() }, params: { grantId: t.grant!.id } });
    const session = await call(CREATE_SESSION, { headers: { ...t.mgmt, ...idem() }, body: { scopes: BUSINESS_SCOPES } });
    expect(session.status).toBe(201);
    const sessionKey = session.body.sessionKey as string;
    for (const handler of [APPROVE_SESSION, DECLINE_SESSION]) {
      const res = await call(handler, { headers: t.mgmt, params: { sessionKey }, body: { businessId: t.business.id } });
      expect([res.status, res.body.code]).toEqual([404, "BUSINESS_NOT_FOUND"]);
    }
    expect(await grantsOf(t.platform.id, t.business.id)).toEqual([{ status: "revoked", grantedScopes: NARROW }]);
    expect((await getDb().platformLinkSession.findUniqueOrThrow({ where: { sessionKey } })).state).toBe("pending");
  });

  it("a business the platform created through POST /v1/platform/business: the helpers act for it", async () => {
    const t = await makePlatformTenant({ grantScopes: null });
    const created = await call(CREATE_BUSINESS, {
      headers: { ...t.mgmt, ...idem() },
      body: {
        name: `Own ${randomBytes(4).toString("hex")}`,
        members: [{ email: `owner-${randomBytes(3).toString("hex")}@example.com`, roles: ["admin"] }],
        address: { line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US" },
        grantScopes: NARROW,
      },
    });
    expect(created.status).toBe(201);
    const businessId = created.body.business._id as string;
    const inviteId = await revokeAndReinvite(t, businessId, created.body.grant._id);
    const accepted = await call(ACCEPT, { headers: t.mgmt, params: { inviteId } });
    expect([accepted.status, accepted.body.status]).toEqual([200, "accepted"]);
    expect(await grantsOf(t.platform.id, businessId)).toEqual([
      { status: "revoked", grantedScopes: NARROW },
      { status: "active", grantedScopes: BUSINESS_SCOPES },
    ]);
  });

  it("another platform's created business is 404 too", async () => {
    const owner = await makePlatformTenant({ grantScopes: null });
    const created = await call(CREATE_BUSINESS, {
      headers: { ...owner.mgmt, ...idem() },
      body: {
        name: `Theirs ${randomBytes(4).toString("hex")}`,
        members: [{ email: `owner-${randomBytes(3).toString("hex")}@example.com`, roles: ["admin"] }],
        address: { line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US" },
      },
    });
    const businessId = created.body.business._id as string;
    const other = await makePlatformTenant({ grantScopes: null });
    const session = await call(CREATE_SESSION, { headers: { ...other.mgmt, ...idem() }, body: { scopes: NARROW } });
    const res = await call(APPROVE_SESSION, { headers: other.mgmt, params: { sessionKey: session.body.sessionKey }, body: { businessId } });
    expect([res.status, res.body.code]).toEqual([404, "BUSINESS_NOT_FOUND"]);
    expect(await grantsOf(other.platform.id, businessId)).toEqual([]);
  });
});

describe("the helpers need the scope of the route they imitate", () => {
  it("a key without platform.invite:manage is 403 INSUFFICIENT_SCOPE on all four helpers; nothing changes", async () => {
    const t = await makePlatformTenant({ grantScopes: null });
    const created = await call(CREATE_BUSINESS, {
      headers: { ...t.mgmt, ...idem() },
      body: {
        name: `Scoped ${randomBytes(4).toString("hex")}`,
        members: [{ email: `owner-${randomBytes(3).toString("hex")}@example.com`, roles: ["admin"] }],
        address: { line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US" },
        grantScopes: NARROW,
      },
    });
    const businessId = created.body.business._id as string;
    const inviteId = await revokeAndReinvite(t as never, businessId, created.body.grant._id);
    const session = await call(CREATE_SESSION, { headers: { ...t.mgmt, ...idem() }, body: { scopes: NARROW } });
    const weak = await addPlatformKey(t.platform.id, { scopes: ALL_SCOPES.filter((s) => s !== "platform.invite:manage") });
    const answers = [
      await call(ACCEPT, { headers: weak.headers, params: { inviteId } }),
      await call(DECLINE_INVITE, { headers: weak.headers, params: { inviteId } }),
      await call(APPROVE_SESSION, { headers: weak.headers, params: { sessionKey: session.body.sessionKey }, body: { businessId } }),
      await call(DECLINE_SESSION, { headers: weak.headers, params: { sessionKey: session.body.sessionKey }, body: { businessId } }),
    ];
    for (const res of answers) {
      expect([res.status, res.body.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
      expect(res.body.error).toContain("platform.invite:manage");
    }
    expect((await getDb().platformInvite.findUniqueOrThrow({ where: { id: inviteId } })).status).toBe("pending");
    expect(await grantsOf(t.platform.id, businessId)).toEqual([{ status: "revoked", grantedScopes: NARROW }]);
  });
});

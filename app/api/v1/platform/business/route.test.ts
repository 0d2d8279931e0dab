import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { GET, POST } from "./route";
import { call } from "@/tests/support/http";
import { expectBusinessAuth, expectScopeRefusals, idem, makeBusinessTenant } from "@/tests/support/business";
import { makePlatformTenant } from "@/tests/support/platform";
import { makePlayer } from "@/tests/support/players";
import { makeGame } from "@/tests/support/fixtures";
import { getDb } from "@/lib/db/client";
import { ALL_SCOPES, BUSINESS_SCOPES, MANAGEMENT_SCOPES } from "@/lib/platform/scopes";

const base = "http://localhost:3000";
const address = { line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "us" };
const uniqueName = (prefix = "Acme") => `${prefix} ${randomBytes(4).toString("hex")}`;
const body = (over: Record<string, unknown> = {}) => ({
  name: uniqueName(),
  members: [{ email: `owner-${randomBytes(3).toString("hex")}@example.com`, roles: ["admin"] }],
  address,
  ...over,
});
const counts = async () => ({
  businesses: await getDb().business.count(),
  members: await getDb().businessMember.count(),
  grants: await getDb().businessGrant.count(),
});

describe("POST /v1/platform/business", () => {
  it("creates the business, its members (placeholders until a verified account has the email) and a grant to the platform; 201 with Location", async () => {
    const { platform, mgmt } = await makePlatformTenant();
    const verified = await makePlayer();
    const placeholder = `New.Person-${randomBytes(3).toString("hex")}@Example.com`;
    const name = uniqueName("Northwind");
    const res = await call(POST, {
      headers: idem(mgmt),
      body: {
        name: `  ${name}  `,
        members: [
          { email: verified.email, roles: ["admin", "finance", "admin"] },
          { email: placeholder, roles: [], isOwner: true },
        ],
        address: { ...address, line2: "Suite 5" },
        grantScopes: ["business:read", "item:create", "campaign:read"],
        logoUrl: "https://cdn.example.com/logo.png",
      },
    });
    expect(res.status).toBe(201);
    const id = res.body.business._id;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    const members = await getDb().businessMember.findMany({ where: { businessId: id } });
    const memberId = (email: string) => members.find((m) => m.email === email)!.id;
    const grant = await getDb().businessGrant.findFirstOrThrow({ where: { businessId: id } });
    expect(res.body).toEqual({
      business: { _id: id, name },
      members: [
        { memberId: memberId(verified.email), userId: verified.id, email: verified.email, roles: ["admin", "finance"], isOwner: false },
        { memberId: memberId(placeholder.toLowerCase()), userId: null, email: placeholder.toLowerCase(), roles: [], isOwner: true },
      ],
      grant: { _id: grant.id, grantedScopes: ["business:read", "item:create", "campaign:read"], status: "active" },
      links: { home: `${base}/business/${id}`, kyb: `${base}/business/${id}/verification`, signIn: `${base}/business/${id}/sign-in` },
    });
    expect(res.headers.get("location")).toBe(`${base}/business/${id}`);
    const row = await getDb().business.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      name,
      environment: "test",
      nameKey: name.toLowerCase(),
      logoUrl: "https://cdn.example.com/logo.png",
      address: { line1: "1 Main St", line2: "Suite 5", city: "Springfield", state: "IL", postalCode: "62701", country: "US" },
      kybStatus: "not_started",
      createdByPlatformId: platform.id,
    });
    expect(grant).toMatchObject({ platformId: platform.id, status: "active", source: "direct" });
  });

  it("grants only the business scopes the platform is approved for; omitted grantScopes grant all of those; the first member owns when none is marked", async () => {
    const approved = [...MANAGEMENT_SCOPES, "business:create", "business:read", "item:read"];
    const { mgmt } = await makePlatformTenant({ approvedScopes: approved, keyScopes: ALL_SCOPES });
    const all = await call(POST, { headers: idem(mgmt), body: body({ members: [{ email: "a@example.com" }, { email: "b@example.com", roles: ["admin"] }] }) });
    expect(all.status).toBe(201);
    expect(all.body.grant.grantedScopes).toEqual(["business:create", "business:read", "item:read"]);
    expect(all.body.members.map((m: { isOwner: boolean; roles: string[] }) => [m.isOwner, m.roles])).toEqual([
      [true, []],
      [false, ["admin"]],
    ]);
    const some = await call(POST, { headers: idem(mgmt), body: body({ grantScopes: ["item:read", "invoice:read"] }) });
    expect(some.body.grant.grantedScopes).toEqual(["item:read"]);
    const none = await call(POST, { headers: idem(mgmt), body: body({ grantScopes: [] }) });
    expect(none.body.grant).toEqual({ _id: expect.any(String), grantedScopes: [], status: "active" });
  });

  it("409 BUSINESS_NAME_TAKEN for a name already used in the environment (any case, any surrounding spaces), with nothing created; another environment may reuse it", async () => {
    const { mgmt } = await makePlatformTenant();
    const name = uniqueName("Globex");
    expect((await call(POST, { headers: idem(mgmt), body: body({ name }) })).status).toBe(201);
    const before = await counts();
    const again = await call(POST, { headers: idem(mgmt), body: body({ name: ` ${name.toUpperCase()} ` }) });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "BUSINESS_NAME_TAKEN", error: expect.stringContaining(name.toUpperCase()) });
    expect(await counts()).toEqual(before);
    // a business made another way (the developer portal, the seed) holds its name too
    const made = await makeGame();
    const clash = await call(POST, { headers: idem(mgmt), body: body({ name: made.business.name.toLowerCase() }) });
    expect(clash.body.code).toBe("BUSINESS_NAME_TAKEN");
    const live = await makePlatformTenant({ environment: "live" });
    const inLive = await call(POST, { headers: idem(live.mgmt), body: body({ name }) });
    expect(inLive.status).toBe(201);
    expect((await getDb().business.findUniqueOrThrow({ where: { id: inLive.body.business._id } })).environment).toBe("live");
  });

  it("two creations of one name at once: one 201, one 409", async () => {
    const { mgmt } = await makePlatformTenant();
    const name = uniqueName("Race");
    const results = await Promise.all([0, 1, 2].map(() => call(POST, { headers: idem(mgmt), body: body({ name }) })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await getDb().business.count({ where: { name } })).toBe(1);
  });

  it("400 for bad bodies, naming each field, with nothing created", async () => {
    const { mgmt } = await makePlatformTenant();
    const before = await counts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "VALIDATION_ERROR", "name"],
      [{ members: [] }, "VALIDATION_ERROR", "members"],
      [{ members: "a@example.com" }, "VALIDATION_ERROR", "members"],
      [{ address: { ...address, country: "USA" } }, "VALIDATION_ERROR", "address.country"],
      [{ address: { ...address, city: undefined } }, "VALIDATION_ERROR", "address.city"],
      [{ grantScopes: ["business:read", "everything"] }, "VALIDATION_ERROR", "grantScopes.1"],
      [{ grantScopes: ["platform:read"] }, "VALIDATION_ERROR", "grantScopes.0"],
      [{ members: [{ email: "x@example.com", roles: ["has space"] }] }, "VALIDATION_ERROR", "members.0.roles.0"],
      [{ members: [{ email: "x@example.com", isOwner: "yes" }] }, "VALIDATION_ERROR", "members.0.isOwner"],
      [{ logoUrl: "javascript:alert(1)" }, "VALIDATION_ERROR", "logoUrl"],
      [{ members: [{ email: "a@example.com" }, { email: "not-an-email" }] }, "INVALID_EMAIL", "members.1.email"],
      [{ members: [{ email: "a@example.com" }, { email: " A@Example.com " }] }, "VALIDATION_ERROR", "members.1.email"],
    ];
    for (const [over, code, field] of cases) {
      const res = await call(POST, { headers: idem(mgmt), body: body(over) });
      expect([res.status, res.body.code], JSON.stringify(over)).toEqual([400, code]);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await counts()).toEqual(before);
  });

  it("idempotent: a replay answers the first response (one business); the key with another body is 422; no key is 400", async () => {
    const { mgmt } = await makePlatformTenant();
    const sent = body();
    const headers = idem(mgmt);
    const first = await call(POST, { headers, body: sent });
    const replay = await call(POST, { headers, body: sent });
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await getDb().business.count({ where: { name: sent.name } })).toBe(1);
    const reused = await call(POST, { headers, body: { ...sent, name: uniqueName() } });
    expect([reused.status, reused.body.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
    const noKey = await call(POST, { headers: mgmt, body: body() });
    expect([noKey.status, noKey.body.code]).toEqual([400, "IDEMPOTENCY_KEY_REQUIRED"]);
  });

  it("401 without a platform key; 403 naming the set that lacks business:create (no grant is involved)", async () => {
    expect((await call(POST, { headers: idem({}), body: body() })).status).toBe(401);
    const server = await call(POST, { headers: idem((await makeGame()).headers), body: body() });
    expect([server.status, server.body.code]).toEqual([401, "UNAUTHORIZED"]);
    const before = await counts();
    await expectScopeRefusals("business:create", (t) => call(POST, { headers: idem(t.mgmt), body: body() }), { targetBusiness: false });
    // the three refusals above made tenants of their own (a business and a grant each), and no business of the body
    const after = await counts();
    expect(after.businesses - before.businesses).toBe(2);
    expect(after.members).toBe(before.members);
  });
});

describe("GET /v1/platform/business", () => {
  it("the business, its members (owners first), the platform's grant and its pages; a member who verified the email since shows their account", async () => {
    const { mgmt, platform } = await makePlatformTenant();
    const name = uniqueName("Initech");
    const created = await call(POST, {
      headers: idem(mgmt),
      body: {
        name,
        members: [
          { email: "zed@example.com", roles: ["admin"] },
          { email: "amy@example.com", isOwner: true },
        ],
        address,
        grantScopes: ["business:read"],
      },
    });
    const id = created.body.business._id;
    const tb = { ...mgmt, "x-target-business-id": id };
    const res = await call(GET, { headers: tb });
    expect(res.status).toBe(200);
    const row = await getDb().business.findUniqueOrThrow({ where: { id } });
    const grant = await getDb().businessGrant.findFirstOrThrow({ where: { businessId: id, platformId: platform.id } });
    expect(res.body).toEqual({
      business: {
        _id: id,
        name,
        environment: "test",
        logoUrl: null,
        address: { line1: "1 Main St", line2: null, city: "Springfield", state: "IL", postalCode: "62701", country: "US" },
        verificationStatus: "not_started",
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      },
      members: [
        { memberId: expect.any(String), userId: null, email: "amy@example.com", roles: [], isOwner: true },
        { memberId: expect.any(String), userId: null, email: "zed@example.com", roles: ["admin"], isOwner: false },
      ],
      grant: { _id: grant.id, grantedScopes: ["business:read"], status: "active", createdAt: grant.createdAt.toISOString() },
      links: { home: `${base}/business/${id}`, kyb: `${base}/business/${id}/verification`, signIn: `${base}/business/${id}/sign-in` },
    });
    // a guest account (no verified email) does not claim the membership; a verified one does
    await makePlayer({ email: "amy@example.com", password: null });
    const zed = await makePlayer({ email: "zed@example.com" });
    const later = await call(GET, { headers: tb });
    expect(later.body.members.map((m: { userId: string | null }) => m.userId)).toEqual([null, zed.id]);
  });

  it("a business made before the platform API shows address null; 404 for a business of the other environment", async () => {
    const t = await makeBusinessTenant();
    const res = await call(GET, { headers: t.tb });
    expect(res.body.business).toMatchObject({ _id: t.business.id, name: t.business.name, address: null, logoUrl: null, verificationStatus: "not_started" });
    expect(res.body.members).toEqual([]);
    const live = await makePlatformTenant({ environment: "live" });
    const other = await call(GET, { headers: { ...t.tb, "x-target-business-id": live.business.id } });
    expect([other.status, other.body.code]).toEqual([404, "BUSINESS_NOT_FOUND"]);
  });

  it("refuses strangers: 401, 400 without X-Target-Business-Id, 403 without a grant, 403 naming each set that lacks business:read", async () => {
    const t = await makeBusinessTenant();
    await expectBusinessAuth(GET, {}, t.tb);
    await expectScopeRefusals("business:read", (x) => call(GET, { headers: x.tb }));
    expect(BUSINESS_SCOPES).toContain("business:read");
  });
});

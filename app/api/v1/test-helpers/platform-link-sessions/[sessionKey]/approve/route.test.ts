import { afterEach, describe, expect, it } from "vitest";
import { POST } from "./route";
import { POST as DECLINE } from "../decline/route";
import { POST as CREATE } from "@/app/api/v1/platform/link-sessions/route";
import { POST as REVOKE } from "@/app/api/v1/platform/grants/[grantId]/revoke/route";
import { call } from "@/tests/support/http";
import { idem, makeBusiness, makePlatformTenant, platformEventsOf } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { setClockOffsetForTests } from "@/lib/core/clock";
import { PLATFORM_LINK_SESSION_LIFETIME_MS } from "@/lib/platform/create-link-session";

afterEach(() => setClockOffsetForTests(0));

/** A platform whose business granted it access once (revoked), so the helper may act for that business. */
const setup = async (opts: { environment?: "test" | "live"; webhookUrl?: string | null } = {}) => {
  const t = await makePlatformTenant({ ...opts, grantScopes: ["item:read"], createdByPlatform: true });
  await call(REVOKE, { headers: { ...t.mgmt, ...idem() }, params: { grantId: t.grant!.id } });
  const session = (await call(CREATE, { headers: t.mgmt, body: { scopes: ["campaign:read", "item:create"], metadata: { ref: "abc" } } })).body;
  return { ...t, session };
};

describe("POST /v1/test-helpers/platform-link-sessions/{sessionKey}/approve", () => {
  it("acts out the admin's approval: a grant with the session's scopes, Platform.Link.Completed in the outbox, the approved session", async () => {
    const { platform, business, mgmt, session } = await setup({ webhookUrl: "https://hooks.example.test/platform" });
    const res = await call(POST, { headers: mgmt, params: { sessionKey: session.sessionKey }, body: { businessId: business.id } });
    expect(res.status).toBe(200);
    const grant = await getDb().businessGrant.findFirstOrThrow({ where: { platformId: platform.id, businessId: business.id, status: "active" } });
    expect(grant).toMatchObject({ grantedScopes: ["campaign:read", "item:create"], source: "link_session" });
    expect(res.body).toEqual({ ...session, status: "approved", businessId: business.id, grantId: grant.id });
    expect(await platformEventsOf(platform.id)).toEqual([
      {
        event: "Platform.Link.Completed",
        objectType: "platform_link_session",
        data: {
          businessId: business.id,
          grantId: grant.id,
          sessionKey: session.sessionKey,
          scopes: ["campaign:read", "item:create"],
          metadata: { ref: "abc" },
        },
      },
    ]);
    const event = await getDb().webhookEvent.findFirstOrThrow({ where: { ownerType: "platform", ownerId: platform.id } });
    expect(await getDb().webhookDelivery.findMany({ where: { eventId: event.id } })).toEqual([
      expect.objectContaining({ url: "https://hooks.example.test/platform", status: "pending" }),
    ]);
  });

  it("409 once the session is decided, 409 GRANT_ALREADY_ACTIVE while the business has a grant, 410 after 24 hours; nothing changes", async () => {
    const { platform, business, mgmt, session } = await setup();
    await call(POST, { headers: mgmt, params: { sessionKey: session.sessionKey }, body: { businessId: business.id } });
    const twice = await call(POST, { headers: mgmt, params: { sessionKey: session.sessionKey }, body: { businessId: business.id } });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("PLATFORM_LINK_SESSION_NOT_PENDING");
    const another = (await call(CREATE, { headers: mgmt, body: { scopes: ["gift:read"] } })).body;
    const granted = await call(POST, { headers: mgmt, params: { sessionKey: another.sessionKey }, body: { businessId: business.id } });
    expect(granted.status).toBe(409);
    expect(granted.body.code).toBe("GRANT_ALREADY_ACTIVE");
    expect((await getDb().platformLinkSession.findUniqueOrThrow({ where: { sessionKey: another.sessionKey } })).state).toBe("pending");
    setClockOffsetForTests(PLATFORM_LINK_SESSION_LIFETIME_MS + 1000);
    const late = await call(POST, { headers: mgmt, params: { sessionKey: another.sessionKey }, body: { businessId: business.id } });
    expect(late.status).toBe(410);
    expect(late.body.code).toBe("PLATFORM_LINK_SESSION_EXPIRED");
    expect(await getDb().businessGrant.count({ where: { platformId: platform.id, status: "active" } })).toBe(1);
    expect((await platformEventsOf(platform.id)).map((e) => e.event)).toEqual(["Platform.Link.Completed"]);
  });

  it("404 for another platform's session, and for a business that never granted this platform access; nothing changes", async () => {
    const { platform, business, mgmt, session } = await setup();
    const stranger = await setup();
    const theirs = await call(POST, { headers: mgmt, params: { sessionKey: stranger.session.sessionKey }, body: { businessId: business.id } });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe("PLATFORM_LINK_SESSION_NOT_FOUND");
    const unrelated = await makeBusiness();
    for (const businessId of [unrelated.id, stranger.business.id, "000000000000000000000000"]) {
      const res = await call(POST, { headers: mgmt, params: { sessionKey: session.sessionKey }, body: { businessId } });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("BUSINESS_NOT_FOUND");
    }
    expect((await getDb().platformLinkSession.findUniqueOrThrow({ where: { sessionKey: session.sessionKey } })).state).toBe("pending");
    expect((await getDb().platformLinkSession.findUniqueOrThrow({ where: { sessionKey: stranger.session.sessionKey } })).state).toBe("pending");
    expect(await platformEventsOf(platform.id)).toEqual([]);
  });

  it("a live key gets 404 (test helpers exist for test keys only)", async () => {
    const { business, mgmt, session } = await setup({ environment: "live" });
    const res = await call(POST, { headers: mgmt, params: { sessionKey: session.sessionKey }, body: { businessId: business.id } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
    expect((await getDb().platformLinkSession.findUniqueOrThrow({ where: { sessionKey: session.sessionKey } })).state).toBe("pending");
  });

  it("400 without a businessId; 401 without a key", async () => {
    const { mgmt, session } = await setup();
    const res = await call(POST, { headers: mgmt, params: { sessionKey: session.sessionKey }, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe("businessId");
    expect((await call(POST, { params: { sessionKey: session.sessionKey }, body: { businessId: "x" } })).status).toBe(401);
  });
});

describe("POST /v1/test-helpers/platform-link-sessions/{sessionKey}/decline", () => {
  it("acts out the admin's decline: no grant, Platform.Link.Declined with the business and metadata, the declined session", async () => {
    const { platform, business, mgmt, session } = await setup();
    const res = await call(DECLINE, { headers: mgmt, params: { sessionKey: session.sessionKey }, body: { businessId: business.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...session, status: "declined", businessId: business.id, grantId: null });
    expect(await getDb().businessGrant.count({ where: { platformId: platform.id, status: "active" } })).toBe(0);
    expect(await platformEventsOf(platform.id)).toEqual([
      {
        event: "Platform.Link.Declined",
        objectType: "platform_link_session",
        data: { businessId: business.id, sessionKey: session.sessionKey, metadata: { ref: "abc" } },
      },
    ]);
    const again = await call(DECLINE, { headers: mgmt, params: { sessionKey: session.sessionKey }, body: { businessId: business.id } });
    expect(again.status).toBe(409);
  });

  it("404 for another platform's session or an unrelated business; a live key gets 404", async () => {
    const { business, mgmt, session } = await setup();
    const stranger = await setup();
    expect((await call(DECLINE, { headers: mgmt, params: { sessionKey: stranger.session.sessionKey }, body: { businessId: business.id } })).status).toBe(404);
    expect((await call(DECLINE, { headers: mgmt, params: { sessionKey: session.sessionKey }, body: { businessId: (await makeBusiness()).id } })).status).toBe(
      404,
    );
    const live = await setup({ environment: "live" });
    expect((await call(DECLINE, { headers: live.mgmt, params: { sessionKey: live.session.sessionKey }, body: { businessId: live.business.id } })).status).toBe(
      404,
    );
    expect(
      await getDb().platformLinkSession.count({
        where: { sessionKey: { in: [session.sessionKey, stranger.session.sessionKey, live.session.sessionKey] }, state: "pending" },
      }),
    ).toBe(3);
  });
});

import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { POST as INITIATE } from "../../../link/initiate/route";
import { POST as APPROVE } from "@/app/api/v1/test-helpers/link-sessions/[sessionKey]/approve/route";
import { call } from "@/tests/support/http";
import { expectBusinessAuth, expectScopeRefusals, idem, linkBusinessUser, makeBusinessTenant } from "@/tests/support/business";
import { linkEventsOf } from "@/tests/support/linking";
import { getDb } from "@/lib/db/client";

describe("POST /v1/platform/business/users/{userRef}/link/remove", () => {
  it("unlinks the player (User.Account.Link.Removed to the platform, with businessId); a second removal is 404 LINK_NOT_FOUND; linking again gives the same obu_ reference", async () => {
    const t = await makeBusinessTenant();
    const { userRef, sessionKey, email } = await linkBusinessUser(t.tb);
    const res = await call(POST, { headers: t.tb, params: { userRef } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: `User ${userRef} is no longer linked to this business.` });
    const link = await getDb().playerLink.findUniqueOrThrow({ where: { userRef } });
    expect(link).toMatchObject({ status: "unlinked", approvedAt: null, approvalScopes: [] });
    expect((await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey } })).state).toBe("unlinked");
    const events = await linkEventsOf(sessionKey, { withOwner: true });
    expect(events.at(-1)).toEqual({
      event: "User.Account.Link.Removed",
      sequence: 3,
      ownerType: "platform",
      ownerId: t.platform.id,
      data: { sessionKey, user_ref: userRef, businessId: t.business.id, metadata: { idempotencyKey: expect.any(String) } },
    });

    const again = await call(POST, { headers: t.tb, params: { userRef } });
    expect([again.status, again.body.code]).toEqual([404, "LINK_NOT_FOUND"]);
    expect(await getDb().webhookEvent.count({ where: { event: "User.Account.Link.Removed" } })).toBe(1);

    const restart = await call(INITIATE, { headers: idem(t.tb), body: { email } });
    const relinked = await call(APPROVE, { headers: t.tb, params: { sessionKey: restart.body.sessionKey }, body: {} });
    expect(relinked.body.userRef).toBe(userRef);
    expect((await getDb().playerLink.findUniqueOrThrow({ where: { userRef } })).status).toBe("active");
  });

  it("400 INVALID_USER_REF, 404 USER_REF_NOT_FOUND for another business's player (still linked there)", async () => {
    const t = await makeBusinessTenant();
    const other = await makeBusinessTenant();
    const theirs = await linkBusinessUser(other.tb);
    const bad = await call(POST, { headers: t.tb, params: { userRef: "gmu_test_1" } });
    expect([bad.status, bad.body.code]).toEqual([400, "INVALID_USER_REF"]);
    const foreign = await call(POST, { headers: t.tb, params: { userRef: theirs.userRef } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    expect((await getDb().playerLink.findUniqueOrThrow({ where: { userRef: theirs.userRef } })).status).toBe("active");
  });

  it("refuses strangers and each set lacking business:users:link:remove, leaving the link", async () => {
    const t = await makeBusinessTenant();
    const { userRef } = await linkBusinessUser(t.tb);
    await expectBusinessAuth(POST, { params: { userRef } }, t.tb);
    await expectScopeRefusals("business:users:link:remove", (x) => call(POST, { headers: x.tb, params: { userRef } }));
    expect((await getDb().playerLink.findUniqueOrThrow({ where: { userRef } })).status).toBe("active");
  });
});

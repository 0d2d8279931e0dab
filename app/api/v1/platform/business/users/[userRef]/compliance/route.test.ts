import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { POST as SET } from "@/app/api/v1/test-helpers/compliance/[userRef]/route";
import { POST as REMOVE } from "../link/remove/route";
import { call } from "@/tests/support/http";
import { expectBusinessAuth, expectScopeRefusals, linkBusinessUser, makeBusinessTenant } from "@/tests/support/business";

const kycUrl = "http://localhost:3000/account/verification";

describe("GET /v1/platform/business/users/{userRef}/compliance", () => {
  it("not_started with kycUrl until a review moves it; kycUrl whenever not approved; one review per player, whichever business reads it", async () => {
    const t = await makeBusinessTenant();
    const { userRef, email } = await linkBusinessUser(t.tb);
    const read = async (headers = t.tb, ref = userRef) => (await call(GET, { headers, params: { userRef: ref } })).body;
    expect(await read()).toEqual({ userRef, status: "not_started", kycUrl });
    for (const status of ["pending", "action_required", "rejected"])
      expect((await call(SET, { headers: t.tb, params: { userRef }, body: { status } })).body).toEqual({ userRef, status, kycUrl });
    expect(await read()).toEqual({ userRef, status: "rejected", kycUrl });
    expect((await call(SET, { headers: t.tb, params: { userRef }, body: { status: "approved" } })).body).toEqual({ userRef, status: "approved" });
    expect(await read()).toEqual({ userRef, status: "approved" });
    // the same person linked to another business has the same review, under that business's reference
    const other = await makeBusinessTenant();
    const theirs = await linkBusinessUser(other.tb, { email, asPerson: true });
    expect(theirs.userRef).not.toBe(userRef);
    expect(await read(other.tb, theirs.userRef)).toEqual({ userRef: theirs.userRef, status: "approved" });
    // another player is untouched
    const second = await linkBusinessUser(t.tb);
    expect(await read(t.tb, second.userRef)).toEqual({ userRef: second.userRef, status: "not_started", kycUrl });
  });

  it("400 INVALID_USER_REF, 404 USER_REF_NOT_FOUND for another business's reference, 404 LINK_NOT_FOUND once removed", async () => {
    const t = await makeBusinessTenant();
    const other = await makeBusinessTenant();
    const theirs = await linkBusinessUser(other.tb);
    const mine = await linkBusinessUser(t.tb);
    const code = async (userRef: string) => (await call(GET, { headers: t.tb, params: { userRef } })).body.code;
    expect(await code("pvu_test_abc")).toBe("INVALID_USER_REF");
    expect(await code(theirs.userRef)).toBe("USER_REF_NOT_FOUND");
    await call(REMOVE, { headers: t.tb, params: { userRef: mine.userRef } });
    expect(await code(mine.userRef)).toBe("LINK_NOT_FOUND");
  });

  it("refuses strangers and each set lacking business:users:link:read", async () => {
    const t = await makeBusinessTenant();
    const { userRef } = await linkBusinessUser(t.tb);
    await expectBusinessAuth(GET, { params: { userRef } }, t.tb);
    await expectScopeRefusals("business:users:link:read", (x) => call(GET, { headers: x.tb, params: { userRef } }));
  });
});

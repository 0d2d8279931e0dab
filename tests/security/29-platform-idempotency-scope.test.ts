// A platform key acts for several businesses (X-Target-Business-Id). Its Idempotency-Keys are scoped per
// target business (idempotencyScope in lib/core/context.ts): the same key and the same body sent for business
// A, then for business B, are two requests. A scope without the business would replay A's answer to B, so
// B's object would never be created and B's caller would be handed A's object (another tenant's data).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { grantBusiness } from "@/lib/platform/grant-business";
import { BUSINESS_SCOPES } from "@/lib/platform/scopes";
import { call } from "@/tests/support/http";
import { makeBusiness, makePlatformTenant, platformHeaders } from "@/tests/support/platform";
import { POST, GET as LIST } from "@/app/api/v1/platform/split-templates/route";

const db = () => getDb();

const body = {
  name: "Prize split",
  mode: "percentage",
  recipients: [
    { email: "ann@example.com", name: "Ann", percentage: 60 },
    { email: "bob@example.com", name: "Bob", percentage: 40 },
  ],
};

describe("A platform's Idempotency-Key is scoped to the target business", () => {
  it("the same key and body for business A, then B: B gets its own object (201, not a replay of A's)", async () => {
    const { platform, rawKey, business: a, tb: asA } = await makePlatformTenant();
    const b = await makeBusiness();
    await grantBusiness({ db: db() }, { platformId: platform.id, businessId: b.id, scopes: BUSINESS_SCOPES });
    const asB = platformHeaders(rawKey, b.id);
    const key = randomUUID();

    const forA = await call(POST, { headers: { ...asA, "idempotency-key": key }, body });
    expect({ status: forA.status, replayed: forA.headers.get("idempotent-replayed") }).toEqual({ status: 201, replayed: null });

    const forB = await call(POST, { headers: { ...asB, "idempotency-key": key }, body });
    expect({ status: forB.status, replayed: forB.headers.get("idempotent-replayed") }).toEqual({ status: 201, replayed: null });
    expect(forB.body._id).not.toBe(forA.body._id);
    expect(forB.body).toMatchObject({ name: "Prize split", mode: "percentage", recipientCount: 2 });

    // each business holds exactly its own template
    const rows = await db().splitTemplate.findMany({ where: { platformId: platform.id }, select: { id: true, businessId: true } });
    expect(rows).toHaveLength(2);
    expect(Object.fromEntries(rows.map((r) => [r.businessId, r.id]))).toEqual({ [a.id]: forA.body._id, [b.id]: forB.body._id });
    expect((await call(LIST, { headers: asB })).body).toEqual({ templates: [forB.body], total: 1 });
    expect((await call(LIST, { headers: asA })).body).toEqual({ templates: [forA.body], total: 1 });

    // one stored answer per business, each under its own scope
    const records = await db().idempotencyRecord.findMany({ where: { key }, select: { scope: true, responseBody: true } });
    expect(records.map((r) => r.scope).sort()).toEqual([`platform:${platform.id}:test:${a.id}`, `platform:${platform.id}:test:${b.id}`].sort());

    // a retry for either business replays that business's own answer and creates nothing
    const againB = await call(POST, { headers: { ...asB, "idempotency-key": key }, body });
    expect({ status: againB.status, replayed: againB.headers.get("idempotent-replayed"), body: againB.body }).toEqual({
      status: 201,
      replayed: "true",
      body: forB.body,
    });
    const againA = await call(POST, { headers: { ...asA, "idempotency-key": key }, body });
    expect({ status: againA.status, replayed: againA.headers.get("idempotent-replayed"), body: againA.body }).toEqual({
      status: 201,
      replayed: "true",
      body: forA.body,
    });
    expect(await db().splitTemplate.count({ where: { platformId: platform.id } })).toBe(2);
  });
});

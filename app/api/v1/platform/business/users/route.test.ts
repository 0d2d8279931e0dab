import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { POST as REMOVE } from "./[userRef]/link/remove/route";
import { call } from "@/tests/support/http";
import { expectBusinessAuth, expectScopeRefusals, linkBusinessUser, makeBusinessTenant } from "@/tests/support/business";
import { getDb } from "@/lib/db/client";

describe("GET /v1/platform/business/users", () => {
  it("the business's active links, most recently linked first, paged; search matches email or name case-insensitively", async () => {
    const t = await makeBusinessTenant();
    const people = [
      { email: "alice@example.com", name: "Alice Martin" },
      { email: "bob@example.com", name: "Robert 100%" },
      { email: "carol@corp.test", name: "Carol" },
      { email: "dave@example.com", name: "Dave" },
    ];
    const linked: Awaited<ReturnType<typeof linkBusinessUser>>[] = [];
    for (const [i, p] of people.entries()) {
      const l = await linkBusinessUser(t.tb, p);
      await getDb().playerLink.update({ where: { userRef: l.userRef }, data: { linkedAt: new Date(Date.UTC(2026, 0, 1 + i)) } });
      linked.push(l);
    }
    await call(REMOVE, { headers: t.tb, params: { userRef: linked[3].userRef } });
    const other = await makeBusinessTenant();
    await linkBusinessUser(other.tb, { email: "alice@example.com", asPerson: true }); // the same player, another business: not listed here

    const view = (i: number) => ({
      linkId: expect.any(String),
      userRef: linked[i].userRef,
      email: people[i].email,
      name: people[i].name,
      linkedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      environment: "test",
    });
    const all = await call(GET, { headers: t.tb });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      users: [view(2), view(1), view(0)],
      pagination: { page: 1, limit: 20, totalCount: 3, totalPages: 1, hasNextPage: false, hasPrevPage: false },
    });
    const page2 = await call(GET, { headers: t.tb, query: { page: 2, limit: 2 } });
    expect(page2.body).toEqual({ users: [view(0)], pagination: { page: 2, limit: 2, totalCount: 3, totalPages: 2, hasNextPage: false, hasPrevPage: true } });

    const search = async (q: string) => (await call(GET, { headers: t.tb, query: { search: q } })).body.users.map((u: { email: string }) => u.email);
    expect(await search("ALICE")).toEqual(["alice@example.com"]);
    expect(await search("  martin ")).toEqual(["alice@example.com"]);
    expect(await search("example.COM")).toEqual(["bob@example.com", "alice@example.com"]);
    expect(await search("%")).toEqual(["bob@example.com"]);
    expect(await search("_")).toEqual([]);
    expect(await search("dave")).toEqual([]);
  });

  it("400 naming page, limit (at most 100) or search", async () => {
    const t = await makeBusinessTenant();
    for (const [query, field] of [
      [{ limit: 101 }, "limit"],
      [{ limit: 0 }, "limit"],
      [{ page: 0 }, "page"],
      [{ page: "x" }, "page"],
      [{ search: "a".repeat(255) }, "search"],
    ] as const) {
      const res = await call(GET, { headers: t.tb, query });
      expect([res.status, res.body.code, res.body.details[0].field]).toEqual([400, "VALIDATION_ERROR", field]);
    }
    expect((await call(GET, { headers: t.tb, query: { limit: 100 } })).body.pagination.limit).toBe(100);
  });

  it("refuses strangers and each set lacking business:users:link:read", async () => {
    const t = await makeBusinessTenant();
    await expectBusinessAuth(GET, {}, t.tb);
    await expectScopeRefusals("business:users:link:read", (x) => call(GET, { headers: x.tb }));
  });
});

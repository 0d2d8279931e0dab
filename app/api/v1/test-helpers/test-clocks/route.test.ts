// Test clocks: create, list, retrieve, delete; who may see which clock (docs/decisions/test-clocks.md).
import { describe, expect, it } from "vitest";
import { GET as LIST, POST as CREATE } from "./route";
import { DELETE, GET as GET_ONE } from "./[clockId]/route";
import { POST as ADVANCE } from "./[clockId]/advance/route";
import { POST as CREATE_GRANT } from "@/app/api/v1/checkout/grants/route";
import { POST as INITIATE_LINK } from "@/app/api/v1/users/link/initiate/route";
import { call } from "@/tests/support/http";
import { makeCampaign, makeGame, makePlatform } from "@/tests/support/fixtures";
import { makeProductRow } from "@/tests/support/purchases";
import { idem } from "@/tests/support/vc";
import { getDb } from "@/lib/db/client";

const makeClock = async (headers: Record<string, string>, body: Record<string, unknown> = {}) => {
  const res = await call(CREATE, { headers, body });
  expect(res.status).toBe(201);
  return res.body as { id: string; frozenTime: string; name: string | null };
};

describe("POST /v1/test-helpers/test-clocks", () => {
  it("a server key's clock belongs to its game, frozen now by default; a given frozenTime and name are kept", async () => {
    const { game, headers } = await makeGame();
    const before = Date.now();
    const res = await call(CREATE, { headers, body: {} });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ object: "test_clock", name: null, status: "ready" });
    expect(res.body.id).toMatch(/^clock_test_[0-9a-f]{24}$/);
    expect(Date.parse(res.body.frozenTime)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(res.body.frozenTime)).toBeLessThanOrEqual(Date.now() + 1000);
    const row = await getDb().testClock.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ ownerType: "game", ownerId: game.id });

    const named = await makeClock(headers, { frozenTime: "2030-01-01T00:00:00Z", name: "renewals" });
    expect(named).toMatchObject({ frozenTime: "2030-01-01T00:00:00.000Z", name: "renewals" });
  });

  it("campaign and platform keys get clocks of their own campaign and platform", async () => {
    const c = await makeCampaign();
    const p = await makePlatform();
    const cc = await makeClock(c.headers);
    // a platform key acting for a business still owns the clock as the platform
    const pc = await makeClock(p.headers);
    expect(await getDb().testClock.findUniqueOrThrow({ where: { id: cc.id } })).toMatchObject({ ownerType: "campaign", ownerId: c.campaign.id });
    expect(await getDb().testClock.findUniqueOrThrow({ where: { id: pc.id } })).toMatchObject({ ownerType: "platform", ownerId: p.platform.id });
  });

  it("bad input is a 400 in the error body, and no clock is made", async () => {
    const { game, headers } = await makeGame();
    const cases = [{ frozenTime: "yesterday" }, { frozenTime: "2001-01-01T00:00:00Z" }, { name: "" }, { name: "x".repeat(101) }, { seconds: 10 }];
    for (const body of cases) {
      const res = await call(CREATE, { headers, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.details.length).toBeGreaterThan(0);
    }
    expect(await getDb().testClock.count({ where: { ownerId: game.id } })).toBe(0);
  });

  it("a live key never sees clocks: create, list, retrieve, advance and delete are 404", async () => {
    const test = await makeGame();
    const clock = await makeClock(test.headers);
    const live = await makeGame({ environment: "live" });
    expect((await call(CREATE, { headers: live.headers, body: {} })).status).toBe(404);
    expect((await call(LIST, { headers: live.headers })).status).toBe(404);
    expect((await call(GET_ONE, { headers: live.headers, params: { clockId: clock.id } })).status).toBe(404);
    expect((await call(ADVANCE, { headers: live.headers, params: { clockId: clock.id }, body: { seconds: 60 } })).status).toBe(404);
    expect((await call(DELETE, { headers: live.headers, params: { clockId: clock.id } })).status).toBe(404);
    expect(await getDb().testClock.count({ where: { ownerId: live.game.id } })).toBe(0);
    expect((await getDb().testClock.findUniqueOrThrow({ where: { id: clock.id } })).frozenTime.toISOString()).toBe(clock.frozenTime);
  });

  it("without a key: 401", async () => {
    expect((await call(CREATE, { body: {} })).status).toBe(401);
  });
});

describe("GET /v1/test-helpers/test-clocks and /{clockId}", () => {
  it("lists the owner's clocks newest first and retrieves one; another owner's clock is a 404 and not listed", async () => {
    const a = await makeGame();
    const b = await makeGame();
    const first = await makeClock(a.headers, { name: "first" });
    const second = await makeClock(a.headers, { name: "second" });
    const other = await makeClock(b.headers, { name: "theirs" });
    const list = await call(LIST, { headers: a.headers });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([second.id, first.id]);
    const one = await call(GET_ONE, { headers: a.headers, params: { clockId: first.id } });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ ...first, object: "test_clock", status: "ready", createdAt: expect.any(String) });
    const theirs = await call(GET_ONE, { headers: a.headers, params: { clockId: other.id } });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe("TEST_CLOCK_NOT_FOUND");
    // a campaign of another business and a platform see none of the game's clocks
    const c = await makeCampaign();
    expect((await call(GET_ONE, { headers: c.headers, params: { clockId: first.id } })).status).toBe(404);
    expect((await call(LIST, { headers: c.headers })).body.data).toEqual([]);
  });
});

describe("DELETE /v1/test-helpers/test-clocks/{clockId}", () => {
  it("deletes the clock; its objects stay, detached, on real time; another owner's clock is a 404 and stays", async () => {
    const { game, headers } = await makeGame();
    const item = await makeProductRow(game.id);
    const clock = await makeClock(headers);
    const g = await call(CREATE_GRANT, { headers: idem(headers), body: { itemId: item.id, testClock: clock.id } });
    expect(g.status).toBe(201);
    const other = await makeGame();
    const stranger = await call(DELETE, { headers: other.headers, params: { clockId: clock.id } });
    expect(stranger.status).toBe(404);
    expect(await getDb().testClock.count({ where: { id: clock.id } })).toBe(1);

    const res = await call(DELETE, { headers, params: { clockId: clock.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: clock.id, object: "test_clock", deleted: true });
    expect(await getDb().testClock.count({ where: { id: clock.id } })).toBe(0);
    const grant = await getDb().checkoutGrant.findFirstOrThrow({ where: { gameId: game.id } });
    expect(grant).toMatchObject({ testClockId: null, status: "pending" });
    expect((await call(GET_ONE, { headers, params: { clockId: clock.id } })).status).toBe(404);
    expect((await call(DELETE, { headers, params: { clockId: clock.id } })).status).toBe(404);
  });
});

describe("testClock on create calls", () => {
  it("another owner's clock, an unknown clock, or a clock under a live key: 404 / 400, and nothing is created", async () => {
    const a = await makeGame();
    const b = await makeGame();
    const item = await makeProductRow(a.game.id);
    const theirs = await makeClock(b.headers);
    const stolen = await call(CREATE_GRANT, { headers: idem(a.headers), body: { itemId: item.id, testClock: theirs.id } });
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe("TEST_CLOCK_NOT_FOUND");
    const unknown = await call(INITIATE_LINK, { headers: a.headers, body: { email: "z@example.com", testClock: "clock_test_nope" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("TEST_CLOCK_NOT_FOUND");
    const live = await makeGame({ environment: "live" });
    const liveItem = await getDb().product.create({
      data: { id: `p${Date.now()}`, gameId: live.game.id, environment: "live", type: "purchase", name: "Live item", priceCents: 100 },
    });
    const liveGrant = await call(CREATE_GRANT, { headers: idem(live.headers), body: { itemId: liveItem.id, testClock: theirs.id } });
    expect(liveGrant.status).toBe(400);
    expect(liveGrant.body.code).toBe("TEST_CLOCK_LIVE_MODE");
    expect(await getDb().checkoutGrant.count({ where: { gameId: { in: [a.game.id, live.game.id] } } })).toBe(0);
    expect(await getDb().linkSession.count({ where: { namespaceId: a.game.id } })).toBe(0);
  });
});

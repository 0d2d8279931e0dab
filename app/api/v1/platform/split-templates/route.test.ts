import { describe, expect, it } from "vitest";
import { GET as LIST, POST } from "./route";
import { DELETE, GET as GET_ONE, PATCH } from "./[templateId]/route";
import { GET as GAME_LIST } from "../../split-templates/route";
import { call } from "@/tests/support/http";
import { idem, makePlatformTenant, platformEventsOf } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { createGame } from "@/lib/games/create-game";
import { issueApiKey } from "@/lib/tenants/issue-api-key";
import { findOrCreatePlayer, linkPlayer } from "@/lib/linking/link-player";
import { BUSINESS_SCOPES } from "@/lib/platform/scopes";

const businessUser = async (businessId: string, email = `u-${Math.random().toString(16).slice(2)}@example.com`) => {
  const db = getDb();
  const player = await findOrCreatePlayer({ db }, { email });
  const link = await linkPlayer(
    { db },
    { namespace: { type: "business", id: businessId }, environment: "test", playerId: player.id, approval: { sessionId: null, at: new Date() } },
  );
  return { userRef: link.userRef, email, playerId: player.id };
};

const body = (
  recipients: unknown[] = [
    { email: "Ann@Example.com", name: "Ann", percentage: 60 },
    { email: "bob@example.com", name: "Bob", percentage: 40 },
  ],
) => ({ name: "Prize split", mode: "percentage", recipients });

describe("POST /v1/platform/split-templates", () => {
  it("creates a template (emails normalized, userRefs accepted), lists it, reads it, and emits Platform.SplitTemplate.Created", async () => {
    const { tb, platform, business, key } = await makePlatformTenant();
    const u = await businessUser(business.id);
    const res = await call(POST, {
      headers: { ...tb, ...idem() },
      body: body([
        { email: "Ann@Example.com", name: "Ann", percentage: 33.3333 },
        { userRef: u.userRef, name: "Linked", percentage: 66.6667 },
      ]),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Prize split",
      mode: "percentage",
      isArchived: false,
      recipientCount: 2,
      recipients: [
        { email: "ann@example.com", userRef: null, name: "Ann", percentage: 33.3333, amount: null },
        { email: null, userRef: u.userRef, name: "Linked", percentage: 66.6667, amount: null },
      ],
    });
    const row = await getDb().splitTemplate.findUniqueOrThrow({ where: { id: res.body._id } });
    expect(row).toMatchObject({ businessId: business.id, platformId: platform.id, createdByKeyId: key.id, environment: "test" });
    const list = await call(LIST, { headers: tb });
    expect(list.body).toEqual({ templates: [res.body], total: 1 });
    expect((await call(GET_ONE, { headers: tb, params: { templateId: res.body._id } })).body).toEqual(res.body);
    expect(await platformEventsOf(platform.id)).toEqual([
      {
        event: "Platform.SplitTemplate.Created",
        objectType: "split_template",
        data: { templateId: res.body._id, businessId: business.id, name: "Prize split", mode: "percentage", recipientCount: 2 },
      },
    ]);
  });

  it("fixed mode stores dollar amounts in whole cents", async () => {
    const { tb } = await makePlatformTenant();
    const res = await call(POST, {
      headers: { ...tb, ...idem() },
      body: {
        name: "Fixed",
        mode: "fixed",
        recipients: [
          { email: "a@example.com", amount: 12.34 },
          { email: "b@example.com", amount: 0.01 },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.recipients.map((r: { amount: number }) => r.amount)).toEqual([12.34, 0.01]);
    const row = await getDb().splitTemplate.findUniqueOrThrow({ where: { id: res.body._id } });
    expect((row.recipients as { amountCents: string }[]).map((r) => r.amountCents)).toEqual(["1234", "1"]);
  });

  it("400 INVALID_SPLIT naming what is wrong, and nothing is saved", async () => {
    const { tb, business } = await makePlatformTenant();
    const cases: [unknown[], string, string][] = [
      [
        [
          { email: "a@example.com", percentage: 60 },
          { email: "b@example.com", percentage: 30 },
        ],
        "recipients",
        "percentages must sum to 100; they sum to 90",
      ],
      [[{ email: "a@example.com", percentage: 100.5 }], "recipients.0.percentage", "must be above 0 and at most 100, with at most 4 decimals"],
      [[{ email: "a@example.com", amount: 100 }], "recipients.0.amount", "is for fixed mode; give percentage in percentage mode"],
      [
        [
          { email: "a@example.com", percentage: 50 },
          { email: "A@example.com", percentage: 50 },
        ],
        "recipients.1.email",
        "names a recipient already listed; list each recipient once",
      ],
    ];
    for (const [recipients, field, message] of cases) {
      const res = await call(POST, { headers: { ...tb, ...idem() }, body: body(recipients) });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("INVALID_SPLIT");
      expect(res.body.details).toContainEqual({ field, message });
    }
    const fixed = await call(POST, {
      headers: { ...tb, ...idem() },
      body: { name: "x", mode: "fixed", recipients: [{ email: "a@example.com", amount: 1.005 }] },
    });
    expect(fixed.body.details).toEqual([{ field: "recipients.0.amount", message: "must be a dollar amount above 0 in whole cents (at most 2 decimals)" }]);
    const both = await call(POST, { headers: { ...tb, ...idem() }, body: body([{ email: "a@example.com", userRef: "obu_test_x", percentage: 100 }]) });
    expect(both.status).toBe(400);
    expect(both.body.code).toBe("VALIDATION_ERROR");
    const badEmail = await call(POST, { headers: { ...tb, ...idem() }, body: body([{ email: "not-an-email", percentage: 100 }]) });
    expect(badEmail.body.details[0].field).toBe("recipients.0.email");
    expect(await getDb().splitTemplate.count({ where: { businessId: business.id } })).toBe(0);
  });

  it("userRefs must be business-level references of this business", async () => {
    const { tb } = await makePlatformTenant();
    const other = await makePlatformTenant();
    const stranger = await businessUser(other.business.id);
    const notObu = await call(POST, { headers: { ...tb, ...idem() }, body: body([{ userRef: "gmu_test_abc", percentage: 100 }]) });
    expect([notObu.status, notObu.body.code]).toEqual([400, "INVALID_USER_REF"]);
    const foreign = await call(POST, { headers: { ...tb, ...idem() }, body: body([{ userRef: stranger.userRef, percentage: 100 }]) });
    expect([foreign.status, foreign.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
  });

  it("replays an idempotent retry without a second template or event", async () => {
    const { tb, platform, business } = await makePlatformTenant();
    const h = { ...tb, ...idem() };
    const a = await call(POST, { headers: h, body: body() });
    const b = await call(POST, { headers: h, body: body() });
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(await getDb().splitTemplate.count({ where: { businessId: business.id } })).toBe(1);
    expect((await platformEventsOf(platform.id)).length).toBe(1);
  });

  it("401 without a key; 403 per missing scope; TB header required", async () => {
    const { tb, business, rawKey } = await makePlatformTenant();
    expect((await call(POST, { headers: idem(), body: body() })).status).toBe(401);
    expect((await call(LIST, { headers: { authorization: `Bearer ${rawKey}` } })).body.code).toBe("TARGET_BUSINESS_REQUIRED");
    for (const [handler, scope, extra] of [
      [POST, "splitTemplate:create", { body: body() }],
      [LIST, "splitTemplate:read", {}],
    ] as const) {
      const t = await makePlatformTenant({ grantScopes: BUSINESS_SCOPES.filter((s) => s !== scope) });
      const res = await call(handler, { headers: { ...t.tb, ...idem() }, ...extra });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("INSUFFICIENT_SCOPE");
      expect(res.body.error).toContain(scope);
    }
    expect(await getDb().splitTemplate.count({ where: { businessId: business.id } })).toBe(0);
    expect(tb).toBeTruthy();
  });
});

describe("/v1/platform/split-templates/{templateId}", () => {
  const setup = async () => {
    const t = await makePlatformTenant();
    const created = await call(POST, { headers: { ...t.tb, ...idem() }, body: body() });
    return { ...t, id: created.body._id as string, created: created.body };
  };

  it("PATCH changes only the given fields and emits Platform.SplitTemplate.Updated", async () => {
    const { tb, id, created, platform, business } = await setup();
    const res = await call(PATCH, { headers: { ...tb, ...idem() }, params: { templateId: id }, body: { name: "Renamed" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: id, name: "Renamed", mode: "percentage", recipients: created.recipients });
    const toFixed = await call(PATCH, {
      headers: { ...tb, ...idem() },
      params: { templateId: id },
      body: { mode: "fixed", recipients: [{ email: "c@example.com", amount: 5 }] },
    });
    expect(toFixed.body).toMatchObject({ mode: "fixed", recipientCount: 1, recipients: [{ email: "c@example.com", amount: 5, percentage: null, name: "" }] });
    const events = await platformEventsOf(platform.id);
    expect(events.map((e) => e.event)).toEqual(["Platform.SplitTemplate.Created", "Platform.SplitTemplate.Updated", "Platform.SplitTemplate.Updated"]);
    expect(events[2]!.data).toEqual({ templateId: id, businessId: business.id, name: "Renamed", mode: "fixed", recipientCount: 1 });
  });

  it("PATCH of the mode alone re-checks the saved recipients (400, nothing changed); an empty body is 400", async () => {
    const { tb, id } = await setup();
    const res = await call(PATCH, { headers: { ...tb, ...idem() }, params: { templateId: id }, body: { mode: "fixed" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_SPLIT");
    expect(res.body.details).toContainEqual({ field: "recipients.0.amount", message: "is required in fixed mode (dollars)" });
    expect((await getDb().splitTemplate.findUniqueOrThrow({ where: { id } })).mode).toBe("percentage");
    expect((await call(PATCH, { headers: { ...tb, ...idem() }, params: { templateId: id }, body: {} })).status).toBe(400);
  });

  it("DELETE archives (204): gone from the lists and reads, events say Deleted; a second DELETE is 404", async () => {
    const { tb, id, platform } = await setup();
    const res = await call(DELETE, { headers: tb, params: { templateId: id } });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await getDb().splitTemplate.findUniqueOrThrow({ where: { id } })).isArchived).toBe(true);
    expect((await call(LIST, { headers: tb })).body).toEqual({ templates: [], total: 0 });
    expect((await call(GET_ONE, { headers: tb, params: { templateId: id } })).body.code).toBe("SPLIT_TEMPLATE_NOT_FOUND");
    expect((await call(DELETE, { headers: tb, params: { templateId: id } })).status).toBe(404);
    expect((await platformEventsOf(platform.id)).map((e) => e.event)).toEqual(["Platform.SplitTemplate.Created", "Platform.SplitTemplate.Deleted"]);
  });

  it("another business's template is a 404 for every verb, and nothing changes", async () => {
    const { id } = await setup();
    const other = await makePlatformTenant();
    for (const [h, extra] of [
      [GET_ONE, {}],
      [PATCH, { body: { name: "Hijack" } }],
      [DELETE, {}],
    ] as const) {
      const res = await call(h, { headers: { ...other.tb, ...idem() }, params: { templateId: id }, ...extra });
      expect([res.status, res.body.code]).toEqual([404, "SPLIT_TEMPLATE_NOT_FOUND"]);
    }
    expect(await getDb().splitTemplate.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: "Prize split", isArchived: false });
    expect((await call(GET_ONE, { headers: other.tb, params: { templateId: "nope" } })).status).toBe(404);
  });

  it("403 per missing scope: update and delete", async () => {
    for (const [h, scope, extra] of [
      [PATCH, "splitTemplate:update", { body: { name: "x" } }],
      [DELETE, "splitTemplate:delete", {}],
      [GET_ONE, "splitTemplate:read", {}],
    ] as const) {
      const t = await makePlatformTenant({ grantScopes: BUSINESS_SCOPES.filter((s) => s !== scope) });
      const res = await call(h, { headers: { ...t.tb, ...idem() }, params: { templateId: "0".repeat(24) }, ...extra });
      expect([res.status, res.body.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
    }
  });
});

describe("GET /v1/split-templates (server key)", () => {
  it("lists the non-archived templates of the game's business, in the key's environment only", async () => {
    const { tb, business } = await makePlatformTenant();
    const a = await call(POST, { headers: { ...tb, ...idem() }, body: { ...body(), name: "A" } });
    const b = await call(POST, { headers: { ...tb, ...idem() }, body: { ...body(), name: "B" } });
    await call(DELETE, { headers: tb, params: { templateId: a.body._id } });
    const db = getDb();
    const game = await createGame({ db }, { businessId: business.id, environment: "test", name: "G" });
    const { rawKey } = await issueApiKey({ db }, { kind: "server", environment: "test", gameId: game.id });
    const res = await call(GAME_LIST, { headers: { authorization: `Bearer ${rawKey}`, "x-game-id": game.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ templates: [b.body], total: 1 });
    const otherBiz = await makePlatformTenant();
    const otherGame = await createGame({ db }, { businessId: otherBiz.business.id, environment: "test", name: "G2" });
    const k2 = await issueApiKey({ db }, { kind: "server", environment: "test", gameId: otherGame.id });
    expect((await call(GAME_LIST, { headers: { authorization: `Bearer ${k2.rawKey}`, "x-game-id": otherGame.id } })).body).toEqual({ templates: [], total: 0 });
    expect((await call(GAME_LIST, {})).status).toBe(401);
  });
});

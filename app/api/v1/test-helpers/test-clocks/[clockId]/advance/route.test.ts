// Advancing a test clock: each time-driven job on its objects runs as real time would have run it, in time
// order, and the answer reports it; objects on no clock are untouched (docs/decisions/test-clocks.md).
import { describe, expect, it, vi } from "vitest";
import { POST as ADVANCE } from "./route";
import { POST as CREATE_CLOCK } from "../../route";
import { POST as CREATE_GRANT } from "@/app/api/v1/checkout/grants/route";
import { POST as COMPLETE_CHECKOUT } from "@/app/api/v1/test-helpers/checkout/complete/route";
import { POST as INITIATE_LINK } from "@/app/api/v1/users/link/initiate/route";
import { GET as LINK_DETAILS } from "@/app/api/v1/users/link/details/route";
import { POST as INITIATE_CAMPAIGN_LINK } from "@/app/api/v1/campaign/[id]/users/link/initiate/route";
import { POST as START_VC_PURCHASE } from "@/app/api/v1/vc/purchases/route";
import { POST as COMPLETE_VC_PURCHASE } from "@/app/api/v1/vc/purchases/[purchaseId]/route";
import { POST as WALLET_PURCHASE } from "@/app/api/v1/wallet/purchase/route";
import { POST as CREATE_INVOICE } from "@/app/api/v1/platform/invoices/route";
import { GET as GET_INVOICE } from "@/app/api/v1/platform/invoices/[invoiceId]/route";
import { call } from "@/tests/support/http";
import { makeCampaign, makeGame } from "@/tests/support/fixtures";
import { campaignSession, makeFundTenant } from "@/tests/support/fund-sessions";
import { linkEventsOf } from "@/tests/support/linking";
import { eventsOf, fundWallet, makeProductRow, makeStore, usdcBalance } from "@/tests/support/purchases";
import { makePlatformTenant, platformEventsOf } from "@/tests/support/platform";
import { useReceiver } from "@/tests/support/webhook-receiver";
import { balanceOf, fund, idem } from "@/tests/support/vc";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/core/clock";
import { deliverWebhook } from "@/lib/webhooks/deliver";
import { deliveryJobKey } from "@/lib/webhooks/delivery-job";
import { addMonth } from "@/lib/subscriptions/plan";
import { advanceTestClock } from "@/lib/flows/advance-test-clock";
import { gameContextFor } from "@/tests/support/contexts";

const H = 3600_000;
const receiver = useReceiver();

const makeClock = async (headers: Record<string, string>, body: Record<string, unknown> = {}) => {
  const res = await call(CREATE_CLOCK, { headers, body });
  if (res.status !== 201) throw new Error(res.text);
  return res.body as { id: string; frozenTime: string };
};
const advance = (headers: Record<string, string>, clockId: string, body: Record<string, unknown>) => call(ADVANCE, { headers, params: { clockId }, body });
const iso = (ms: number) => new Date(ms).toISOString();

describe("POST /v1/test-helpers/test-clocks/{clockId}/advance", () => {
  it("checkout grant expiry: the clocked grant expires when the clock passes its 2 hours, not before; an unclocked grant of the same game does not", async () => {
    const { game, headers } = await makeGame();
    const item = await makeProductRow(game.id);
    const clock = await makeClock(headers, { frozenTime: "2031-03-01T10:00:00Z" });
    const g = await call(CREATE_GRANT, { headers: idem(headers), body: { itemId: item.id, testClock: clock.id, email: "c@example.com" } });
    expect(g.status).toBe(201);
    const plain = await call(CREATE_GRANT, { headers: idem(headers), body: { itemId: item.id, email: "p@example.com" } });
    expect(plain.status).toBe(201);
    const grants = await getDb().checkoutGrant.findMany({ where: { gameId: game.id }, orderBy: { email: "asc" } });
    const [clocked, unclocked] = grants;
    expect(clocked).toMatchObject({ testClockId: clock.id, status: "pending", expiresAt: new Date("2031-03-01T12:00:00Z") });
    expect(unclocked.testClockId).toBeNull();

    const early = await advance(headers, clock.id, { seconds: 3600 });
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({ advancedFrom: "2031-03-01T10:00:00.000Z", advancedTo: "2031-03-01T11:00:00.000Z", ran: [] });
    expect(early.body.clock).toMatchObject({ id: clock.id, frozenTime: "2031-03-01T11:00:00.000Z" });
    expect((await getDb().checkoutGrant.findUniqueOrThrow({ where: { id: clocked.id } })).status).toBe("pending");

    const res = await advance(headers, clock.id, { frozenTime: "2031-03-01T13:00:00Z" });
    expect(res.status).toBe(200);
    expect(res.body.ran).toEqual([{ kind: "checkout_grant.expiry", objectId: clocked.id, at: "2031-03-01T12:00:00.000Z", outcome: "expired" }]);
    expect(await getDb().checkoutGrant.findUniqueOrThrow({ where: { id: clocked.id } })).toMatchObject({
      status: "expired",
      expiredAt: new Date("2031-03-01T12:00:00Z"),
    });
    // the clock never moved anyone else's time: the unclocked grant is pending, the process clock is real
    expect((await getDb().checkoutGrant.findUniqueOrThrow({ where: { id: unclocked.id } })).status).toBe("pending");
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
    // grant expiry emits no event (none in the spec): the game's outbox has none
    expect(await eventsOf(game.id)).toEqual([]);
    // and real time's sweep leaves a clocked grant to its clock
    const again = await advance(headers, clock.id, { seconds: 0 });
    expect(again.body.ran).toEqual([]);
  });

  it("link session expiry: a clocked session expires after 24 clock hours (no event, as in real time); an unclocked one stays pending", async () => {
    const { game, headers } = await makeGame();
    const clock = await makeClock(headers, { frozenTime: "2031-05-01T00:00:00Z" });
    const res = await call(INITIATE_LINK, { headers, body: { email: "lin@example.com", testClock: clock.id } });
    expect(res.status).toBe(201);
    const plain = await call(INITIATE_LINK, { headers, body: { email: "lin@example.com" } });
    // the same email on real time is another session: a clocked session is not reused for an unclocked call
    expect(plain.status).toBe(201);
    expect(plain.body.sessionKey).not.toBe(res.body.sessionKey);
    const s = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey: res.body.sessionKey } });
    expect(s).toMatchObject({ testClockId: clock.id, expiresAt: new Date("2031-05-02T00:00:00Z"), createdAt: new Date("2031-05-01T00:00:00Z") });
    const out = await advance(headers, clock.id, { seconds: 25 * 3600 });
    expect(out.body.ran).toEqual([{ kind: "link_session.expiry", objectId: s.id, at: "2031-05-02T00:00:00.000Z", outcome: "expired" }]);
    expect(await getDb().linkSession.findUniqueOrThrow({ where: { id: s.id } })).toMatchObject({
      state: "expired",
      expiredAt: new Date("2031-05-02T00:00:00Z"),
    });
    expect((await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey: plain.body.sessionKey } })).state).toBe("pending");
    expect((await linkEventsOf(res.body.sessionKey)).map((e) => e.event)).toEqual(["User.Account.Link.Started"]);
    expect(game.id).toBe(s.namespaceId);
  });

  it("a campaign key's clock: its campaign link session expires on the clock; the game's key cannot use the campaign's clock", async () => {
    const c = await makeCampaign();
    const clock = await makeClock(c.headers, { frozenTime: "2031-09-01T00:00:00Z" });
    const res = await call(INITIATE_CAMPAIGN_LINK, {
      headers: idem(c.headers),
      params: { id: c.campaign.id },
      body: { email: "camp@example.com", testClock: clock.id },
    });
    expect(res.status).toBe(201);
    const g = await makeGame();
    const stolen = await call(INITIATE_LINK, { headers: g.headers, body: { testClock: clock.id } });
    expect([stolen.status, stolen.body.code]).toEqual([404, "TEST_CLOCK_NOT_FOUND"]);
    const s = await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey: res.body.sessionKey } });
    const out = await advance(c.headers, clock.id, { frozenTime: "2031-09-03T00:00:00Z" });
    expect(out.body.ran).toEqual([{ kind: "link_session.expiry", objectId: s.id, at: "2031-09-02T00:00:00.000Z", outcome: "expired" }]);
  });

  it("a clocked link session read after 25 real hours is still pending (its clock has not moved); an unclocked one is expired by the read", async () => {
    const { headers } = await makeGame();
    const clock = await makeClock(headers);
    const clocked = await call(INITIATE_LINK, { headers, body: { email: "a@example.com", testClock: clock.id } });
    const plain = await call(INITIATE_LINK, { headers, body: { email: "b@example.com" } });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 25 * H });
    try {
      const c = await call(LINK_DETAILS, { headers, query: { session: clocked.body.sessionKey } });
      const p = await call(LINK_DETAILS, { headers, query: { session: plain.body.sessionKey } });
      expect([c.status, c.body.state]).toEqual([200, "pending"]);
      expect([p.status, p.body.state]).toEqual([200, "expired"]);
    } finally {
      vi.useRealTimers();
    }
    const out = await advance(headers, clock.id, { seconds: 25 * 3600 });
    expect(out.body.ran.map((r: { kind: string; outcome: string }) => [r.kind, r.outcome])).toEqual([["link_session.expiry", "expired"]]);
    expect((await call(LINK_DETAILS, { headers, query: { session: clocked.body.sessionKey } })).body.state).toBe("expired");
  });

  it("fund session expiry: a clocked campaign fund session is written expired when its hour passes on the clock", async () => {
    const { mgmt, campaign } = await makeFundTenant();
    const clock = await makeClock(mgmt, { frozenTime: "2031-06-01T08:00:00Z" });
    const session = await campaignSession(mgmt, campaign.id, { testClock: clock.id });
    expect(session.expiresAt).toBe("2031-06-01T09:00:00.000Z");
    const plain = await campaignSession(mgmt, campaign.id);
    const row = await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: session.sessionKey } });
    const out = await advance(mgmt, clock.id, { frozenTime: "2031-06-01T09:30:00Z" });
    expect(out.body.ran).toEqual([{ kind: "fund_session.expiry", objectId: row.id, at: "2031-06-01T09:00:00.000Z", outcome: "expired" }]);
    expect(await getDb().fundSession.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "expired",
      expiredAt: new Date("2031-06-01T09:00:00Z"),
    });
    expect((await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: plain.sessionKey } })).status).toBe("pending");
  });

  it("invoice due: a sent invoice on the clock falls due when the clock passes its dueDate: pastDueAt, Platform.Invoice.PastDue; paid ones never", async () => {
    const t = await makePlatformTenant();
    const clock = await makeClock(t.tb, { frozenTime: "2031-01-10T00:00:00Z" });
    const body = (over: Record<string, unknown>) => ({
      receiverName: "Ada",
      receiverEmail: "ada@example.com",
      date: "2031-01-10",
      dueDate: "2031-01-31",
      items: [{ description: "Work", quantity: 1, rate: 100 }],
      status: "sent",
      emailSuppressed: true,
      ...over,
    });
    const inv = await call(CREATE_INVOICE, { headers: idem(t.tb), body: body({ testClock: clock.id }) });
    expect(inv.status).toBe(201);
    expect(inv.body).toMatchObject({ status: "sent", pastDueAt: null, testClock: clock.id });
    const draft = await call(CREATE_INVOICE, { headers: idem(t.tb), body: body({ testClock: clock.id, status: "draft" }) });
    const plain = await call(CREATE_INVOICE, { headers: idem(t.tb), body: body({}) });
    expect(plain.body.testClock).toBeNull();

    const out = await advance(t.tb, clock.id, { frozenTime: "2031-02-15T00:00:00Z" });
    expect(out.status).toBe(200);
    expect(out.body.ran).toEqual([{ kind: "invoice.due", objectId: inv.body._id, at: "2031-01-31T00:00:00.000Z", outcome: "past_due" }]);
    const got = await call(GET_INVOICE, { headers: t.tb, params: { invoiceId: inv.body._id } });
    expect(got.body).toMatchObject({ status: "sent", pastDueAt: "2031-01-31T00:00:00.000Z" });
    expect((await call(GET_INVOICE, { headers: t.tb, params: { invoiceId: draft.body._id } })).body.pastDueAt).toBeNull();
    expect((await call(GET_INVOICE, { headers: t.tb, params: { invoiceId: plain.body._id } })).body.pastDueAt).toBeNull();
    const events = (await platformEventsOf(t.platform.id)).filter((e) => e.data.invoiceId === inv.body._id);
    expect(events.map((e) => e.event)).toEqual(["Platform.Invoice.Sent", "Platform.Invoice.PastDue"]);
    expect(events[1].data).toMatchObject({ invoiceId: inv.body._id, status: "sent", total: 100 });
    // once only
    expect((await advance(t.tb, clock.id, { seconds: 86400 })).body.ran).toEqual([]);
  });

  it("subscription renewals: bought through a clocked grant, the subscription renews each month the clock passes, in order, with its events", async () => {
    const s = await makeStore();
    const item = await makeProductRow(s.game.id, { type: "subscription", priceCents: 500, fulfillmentType: "WEBHOOK" });
    const clock = await makeClock(s.headers, { frozenTime: "2031-01-15T12:00:00Z" });
    const g = await call(CREATE_GRANT, { headers: idem(s.headers), body: { itemId: item.id, userRef: s.users[0], testClock: clock.id } });
    expect(g.status).toBe(201);
    const paid = await call(COMPLETE_CHECKOUT, { headers: s.headers, body: { url: g.body.checkoutUrl, outcome: "succeeded" } });
    expect(paid.status).toBe(200);
    const sub = await getDb().subscription.findFirstOrThrow({ where: { gameId: s.game.id } });
    const start = new Date("2031-01-15T12:00:00Z");
    expect(sub).toMatchObject({ testClockId: clock.id, currentPeriodEnd: addMonth(start), status: "Active" });

    const out = await advance(s.headers, clock.id, { frozenTime: "2031-03-20T00:00:00Z" });
    expect(out.status).toBe(200);
    expect(out.body.ran).toEqual([
      { kind: "subscription.renewal", objectId: sub.id, at: addMonth(start).toISOString(), outcome: "renewed" },
      { kind: "subscription.renewal", objectId: sub.id, at: addMonth(addMonth(start)).toISOString(), outcome: "renewed" },
    ]);
    const after = await getDb().subscription.findUniqueOrThrow({ where: { id: sub.id } });
    expect(after).toMatchObject({ status: "Active", lastChargeStatus: "succeeded", currentPeriodEnd: addMonth(addMonth(addMonth(start))) });
    const renewals = await getDb().purchase.findMany({
      where: { subscriptionId: sub.id, renewalPeriodEnd: { not: null } },
      orderBy: { renewalPeriodEnd: "asc" },
    });
    expect(renewals.map((p) => [p.status, p.renewalPeriodEnd?.toISOString(), p.paymentProvider])).toEqual([
      ["completed", addMonth(start).toISOString(), "sandbox"],
      ["completed", addMonth(addMonth(start)).toISOString(), "sandbox"],
    ]);
    const completed = (await eventsOf(s.game.id, "Purchases.Completed")).map((e) => e.data.purchaseId ?? e.data._id ?? e.data.id);
    expect(completed).toHaveLength(3);
  });

  it("subscription renewals: bought with POST /v1/vc/purchases and testClock, it renews when the clock passes its period end; one bought without a clock is untouched", async () => {
    const s = await makeStore();
    const item = await makeProductRow(s.game.id, { type: "subscription", fulfillmentType: "WEBHOOK", vcPrices: [{ currencyId: s.currencyId, amount: 40n }] });
    await fund(s.headers, s.currencyId, s.users[0], 100);
    await fund(s.headers, s.currencyId, s.users[1], 100);
    const clock = await makeClock(s.headers, { frozenTime: "2031-02-10T08:00:00Z" });
    const start = new Date("2031-02-10T08:00:00Z");
    const buy = async (userId: string, extra: Record<string, unknown>) => {
      const started = await call(START_VC_PURCHASE, { headers: s.headers, body: { userId, itemId: item.id, currencyId: s.currencyId, ...extra } });
      expect(started.status).toBe(201);
      const { purchaseId } = started.body.data;
      const done = await call(COMPLETE_VC_PURCHASE, { headers: idem(s.headers), params: { purchaseId } });
      expect(done.status).toBe(200);
      return getDb().purchase.findUniqueOrThrow({ where: { id: purchaseId } });
    };
    const first = await buy(s.users[0], { testClock: clock.id });
    expect(first).toMatchObject({ status: "completed", testClockId: clock.id, subscriptionId: expect.any(String) });
    const plain = await buy(s.users[1], {});
    expect(plain.testClockId).toBeNull();
    const sub = await getDb().subscription.findUniqueOrThrow({ where: { id: first.subscriptionId! } });
    expect(sub).toMatchObject({ testClockId: clock.id, status: "Active", paymentMethod: "vc", currentPeriodEnd: addMonth(start) });
    const untouched = await getDb().subscription.findUniqueOrThrow({ where: { id: plain.subscriptionId! } });
    expect(untouched.testClockId).toBeNull();
    expect(Math.abs(untouched.currentPeriodEnd.getTime() - addMonth(new Date()).getTime())).toBeLessThan(60_000);

    // before the period end nothing is due
    expect((await advance(s.headers, clock.id, { frozenTime: "2031-03-10T07:59:59Z" })).body.ran).toEqual([]);
    const out = await advance(s.headers, clock.id, { frozenTime: "2031-03-20T00:00:00Z" });
    expect(out.status).toBe(200);
    expect(out.body.ran).toEqual([{ kind: "subscription.renewal", objectId: sub.id, at: addMonth(start).toISOString(), outcome: "renewed" }]);
    // charged: 40 units more; the period moved a month; the renewal purchase and its Purchases.Completed exist
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(20n);
    expect(await getDb().subscription.findUniqueOrThrow({ where: { id: sub.id } })).toMatchObject({
      status: "Active",
      lastChargeStatus: "succeeded",
      currentPeriodEnd: addMonth(addMonth(start)),
    });
    const [renewal] = await getDb().purchase.findMany({ where: { subscriptionId: sub.id, renewalPeriodEnd: { not: null } } });
    expect(renewal).toMatchObject({ status: "completed", amount: 40n, paymentProvider: "virtual_currency", renewalPeriodEnd: addMonth(start) });
    const completed = await eventsOf(s.game.id, "Purchases.Completed");
    expect(completed.map((e) => e.data.purchaseId)).toEqual([first.id, plain.id, renewal.id]);
    expect(completed[2].data).toMatchObject({ itemId: item.id, amount: 40, user_ref: s.users[0] });
    // the subscription bought without a clock: not charged, not moved
    expect(await balanceOf(s.currencyId, s.users[1])).toBe(60n);
    expect(await getDb().subscription.findUniqueOrThrow({ where: { id: plain.subscriptionId! } })).toEqual(untouched);
    expect(await getDb().purchase.count({ where: { subscriptionId: plain.subscriptionId!, renewalPeriodEnd: { not: null } } })).toBe(0);
  });

  it("subscription renewals: bought with POST /v1/wallet/purchase and testClock, it renews from the wallet on the clock", async () => {
    const s = await makeStore({ players: 1 });
    const item = await makeProductRow(s.game.id, { type: "subscription", fulfillmentType: "WEBHOOK", priceCents: 100 });
    await fundWallet(s.playerIds[0], 3_000_000n);
    const clock = await makeClock(s.headers, { frozenTime: "2031-07-31T00:00:00Z" });
    const res = await call(WALLET_PURCHASE, { headers: idem(s.headers), body: { userId: s.users[0], itemId: item.id, testClock: clock.id } });
    expect(res.status).toBe(200);
    const sub = await getDb().subscription.findFirstOrThrow({ where: { gameId: s.game.id } });
    const start = new Date("2031-07-31T00:00:00Z");
    expect(sub).toMatchObject({ testClockId: clock.id, paymentMethod: "wallet", currentPeriodEnd: addMonth(start) });
    expect(await usdcBalance("wallet", s.playerIds[0])).toBe(2_000_000n);
    const out = await advance(s.headers, clock.id, { frozenTime: "2031-10-01T00:00:00Z" });
    expect(out.body.ran.map((r: { outcome: string }) => r.outcome)).toEqual(["renewed", "renewed"]);
    expect(await usdcBalance("wallet", s.playerIds[0])).toBe(0n);
    expect((await getDb().subscription.findUniqueOrThrow({ where: { id: sub.id } })).currentPeriodEnd).toEqual(addMonth(addMonth(addMonth(start))));
  });

  it("subscription renewals that fail: retried 24 clock hours later, canceled at the third failure (Subscription.Canceled)", async () => {
    const s = await makeStore();
    const item = await makeProductRow(s.game.id, {
      type: "subscription",
      priceCents: 500,
      fulfillmentType: "WEBHOOK",
      vcPrices: [{ currencyId: s.currencyId, amount: 40n }],
    });
    await fund(s.headers, s.currencyId, s.users[0], 40);
    const clock = await makeClock(s.headers, { frozenTime: "2031-04-10T00:00:00Z" });
    const g = await call(CREATE_GRANT, { headers: idem(s.headers), body: { itemId: item.id, userRef: s.users[0], testClock: clock.id } });
    const paid = await call(COMPLETE_CHECKOUT, { headers: s.headers, body: { url: g.body.checkoutUrl, outcome: "succeeded", method: "vc" } });
    expect(paid.status).toBe(200);
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(0n);
    const sub = await getDb().subscription.findFirstOrThrow({ where: { gameId: s.game.id } });
    const due = addMonth(new Date("2031-04-10T00:00:00Z")).getTime();
    const out = await advance(s.headers, clock.id, { frozenTime: "2031-06-01T00:00:00Z" });
    expect(out.body.ran).toEqual([
      { kind: "subscription.renewal", objectId: sub.id, at: iso(due), outcome: "failed" },
      { kind: "subscription.renewal", objectId: sub.id, at: iso(due + 24 * H), outcome: "failed" },
      { kind: "subscription.renewal", objectId: sub.id, at: iso(due + 48 * H), outcome: "canceled" },
    ]);
    expect(await getDb().subscription.findUniqueOrThrow({ where: { id: sub.id } })).toMatchObject({
      status: "Canceled",
      failedCharges: 3,
      lastChargeStatus: "failed",
    });
    const canceled = await eventsOf(s.game.id, "Subscription.Canceled");
    expect(canceled).toHaveLength(1);
    expect(canceled[0].data).toMatchObject({ reason: "payment_failed" });
    expect(await getDb().purchase.count({ where: { subscriptionId: sub.id, status: "failed" } })).toBe(3);
  });

  it("webhook retries: a clocked invoice's failing delivery retries in order on the clock (10 s, 60 s, 300 s), not on real time", async () => {
    const t = await makePlatformTenant({ webhookUrl: receiver.url });
    const clock = await makeClock(t.tb, { frozenTime: "2031-07-01T00:00:00Z" });
    receiver.reply((i) => (i < 3 ? { status: 500, body: `boom ${i}` } : { status: 200, body: "ok" }));
    const inv = await call(CREATE_INVOICE, {
      headers: idem(t.tb),
      body: {
        receiverName: "Bo",
        receiverEmail: "bo@example.com",
        emailSuppressed: true,
        date: "2031-07-01",
        dueDate: "2031-09-01",
        items: [{ description: "Work", quantity: 1, rate: 5 }],
        status: "sent",
        testClock: clock.id,
      },
    });
    expect(inv.status).toBe(201);
    const delivery = await getDb().webhookDelivery.findFirstOrThrow({ where: { event: { objectId: inv.body._id } } });
    // the first attempt, as the worker makes it
    expect(await deliverWebhook(getDb(), delivery.id)).toBe("retrying");
    // the retry's job, run by real time (as the worker would at nextAttemptAt), leaves it to the clock
    expect(await deliverWebhook(getDb(), delivery.id, { follow: true })).toBe("skipped");
    expect(await getDb().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "retrying", attempts: 1 });
    const out = await advance(t.tb, clock.id, { seconds: 3600 });
    expect(out.status).toBe(200);
    expect(out.body.ran).toEqual([
      { kind: "webhook.retry", objectId: delivery.id, at: "2031-07-01T00:00:10.000Z", outcome: "retrying" },
      { kind: "webhook.retry", objectId: delivery.id, at: "2031-07-01T00:01:10.000Z", outcome: "retrying" },
      { kind: "webhook.retry", objectId: delivery.id, at: "2031-07-01T00:06:10.000Z", outcome: "succeeded" },
    ]);
    const d = await getDb().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id }, include: { attemptLog: { orderBy: { attempt: "asc" } } } });
    expect(d).toMatchObject({ status: "succeeded", attempts: 4 });
    expect(d.attemptLog.map((a) => a.statusCode)).toEqual([500, 500, 500, 200]);
    const got = receiver.requests.filter((r) => r.rawBody.includes(inv.body._id));
    expect(got.map((r) => JSON.parse(r.rawBody).event)).toEqual(Array(4).fill("Platform.Invoice.Sent"));
    // nothing left for real time to fire
    expect(await getDb().$queryRaw`SELECT 1 FROM graphile_worker.jobs WHERE key = ${deliveryJobKey(delivery.id)}`).toEqual([]);
  });

  it("webhook retries: a one-off purchase made with testClock (POST /v1/vc/purchases) retries its Purchases.Completed on the clock", async () => {
    const s = await makeStore();
    await getDb().game.update({ where: { id: s.game.id }, data: { webhookUrl: receiver.url } });
    const item = await makeProductRow(s.game.id, { type: "purchase", fulfillmentType: "WEBHOOK", vcPrices: [{ currencyId: s.currencyId, amount: 10n }] });
    await fund(s.headers, s.currencyId, s.users[0], 100);
    const clock = await makeClock(s.headers, { frozenTime: "2031-08-01T00:00:00Z" });
    // the receiver's index counts the whole file's requests: this test's first answer is a 503, the next ones 200
    let answered = 0;
    receiver.reply(() => (answered++ < 1 ? { status: 503, body: "busy" } : { status: 200, body: "ok" }));
    const started = await call(START_VC_PURCHASE, {
      headers: s.headers,
      body: { userId: s.users[0], itemId: item.id, currencyId: s.currencyId, testClock: clock.id },
    });
    expect(started.status).toBe(201);
    const { purchaseId } = started.body.data;
    expect((await call(COMPLETE_VC_PURCHASE, { headers: idem(s.headers), params: { purchaseId } })).status).toBe(200);
    const delivery = await getDb().webhookDelivery.findFirstOrThrow({ where: { event: { objectId: purchaseId, event: "Purchases.Completed" } } });
    expect(await deliverWebhook(getDb(), delivery.id)).toBe("retrying");
    // real time's retry leaves it to the clock
    expect(await deliverWebhook(getDb(), delivery.id, { follow: true })).toBe("skipped");
    const out = await advance(s.headers, clock.id, { seconds: 60 });
    expect(out.body.ran).toEqual([{ kind: "webhook.retry", objectId: delivery.id, at: "2031-08-01T00:00:10.000Z", outcome: "succeeded" }]);
    expect(await getDb().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "succeeded", attempts: 2 });
    const got = receiver.requests.filter((r) => r.rawBody.includes(purchaseId)).map((r) => JSON.parse(r.rawBody) as { event: string });
    expect(got.map((b) => b.event)).toEqual(["Purchases.Completed", "Purchases.Completed"]);
  });

  it("work of several kinds runs in time order across one advance, whatever order the objects were made in; other clocks' work waits", async () => {
    const t = await makeFundTenant();
    const clock = await makeClock(t.mgmt, { frozenTime: "2031-07-31T22:30:00Z" });
    const other = await makeClock(t.mgmt, { frozenTime: "2031-07-31T22:30:00Z" });
    const inv = await call(CREATE_INVOICE, {
      headers: idem(t.tb),
      body: {
        receiverName: "Cy",
        receiverEmail: "cy@example.com",
        emailSuppressed: true,
        date: "2031-07-31",
        dueDate: "2031-08-01",
        items: [{ description: "W", quantity: 1, rate: 1 }],
        status: "sent",
        testClock: clock.id,
      },
    });
    expect(inv.status).toBe(201);
    const session = await campaignSession(t.mgmt, t.campaign.id, { testClock: clock.id });
    const waiting = await campaignSession(t.mgmt, t.campaign.id, { testClock: other.id });
    const fund = await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: session.sessionKey } });
    const out = await advance(t.tb, clock.id, { seconds: 7200 });
    expect(out.body.ran).toEqual([
      { kind: "fund_session.expiry", objectId: fund.id, at: "2031-07-31T23:30:00.000Z", outcome: "expired" },
      { kind: "invoice.due", objectId: inv.body._id, at: "2031-08-01T00:00:00.000Z", outcome: "past_due" },
    ]);
    expect((await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: waiting.sessionKey } })).status).toBe("pending");
  });
});

describe("advance: refusals", () => {
  it("backwards is 400 TEST_CLOCK_BACKWARDS; both or neither of frozenTime and seconds is 400; nothing moves", async () => {
    const { headers } = await makeGame();
    const clock = await makeClock(headers, { frozenTime: "2031-01-01T00:00:00Z" });
    const back = await advance(headers, clock.id, { frozenTime: "2030-12-31T23:59:59Z" });
    expect(back.status).toBe(400);
    expect(back.body.code).toBe("TEST_CLOCK_BACKWARDS");
    expect(back.body.error).toContain("2031-01-01T00:00:00.000Z");
    for (const body of [{}, { seconds: 1, frozenTime: "2032-01-01T00:00:00Z" }, { seconds: -5 }, { seconds: 1.5 }, { frozenTime: "soon" }, { seconds: "60" }]) {
      const res = await advance(headers, clock.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
    }
    expect((await getDb().testClock.findUniqueOrThrow({ where: { id: clock.id } })).frozenTime).toEqual(new Date("2031-01-01T00:00:00Z"));
  });

  it("with an Idempotency-Key, a repeat replays the report and the clock moves once", async () => {
    const { game, headers } = await makeGame();
    const item = await makeProductRow(game.id);
    const clock = await makeClock(headers, { frozenTime: "2031-11-01T00:00:00Z" });
    await call(CREATE_GRANT, { headers: idem(headers), body: { itemId: item.id, testClock: clock.id } });
    const key = idem(headers);
    const first = await call(ADVANCE, { headers: key, params: { clockId: clock.id }, body: { seconds: 3 * 3600 } });
    const again = await call(ADVANCE, { headers: key, params: { clockId: clock.id }, body: { seconds: 3 * 3600 } });
    expect(first.status).toBe(200);
    expect(first.body.ran).toEqual([expect.objectContaining({ kind: "checkout_grant.expiry", at: "2031-11-01T02:00:00.000Z", outcome: "expired" })]);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await getDb().testClock.findUniqueOrThrow({ where: { id: clock.id } })).frozenTime).toEqual(new Date("2031-11-01T03:00:00Z"));
  });

  it("another owner's clock is a 404, and neither the clock nor its objects move", async () => {
    const a = await makeGame();
    const b = await makeGame();
    const item = await makeProductRow(a.game.id);
    const clock = await makeClock(a.headers, { frozenTime: "2031-01-01T00:00:00Z" });
    await call(CREATE_GRANT, { headers: idem(a.headers), body: { itemId: item.id, testClock: clock.id } });
    const res = await advance(b.headers, clock.id, { seconds: 10 * 3600 });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("TEST_CLOCK_NOT_FOUND");
    const p = await makePlatformTenant();
    expect((await advance(p.tb, clock.id, { seconds: 10 * 3600 })).status).toBe(404);
    expect((await getDb().testClock.findUniqueOrThrow({ where: { id: clock.id } })).frozenTime).toEqual(new Date("2031-01-01T00:00:00Z"));
    expect((await getDb().checkoutGrant.findFirstOrThrow({ where: { gameId: a.game.id } })).status).toBe("pending");
  });

  it("concurrent advances of one clock serialize: each starts where the last ended, and due work runs once", async () => {
    const { game, headers } = await makeGame();
    const item = await makeProductRow(game.id);
    const clock = await makeClock(headers, { frozenTime: "2031-02-01T00:00:00Z" });
    await call(CREATE_GRANT, { headers: idem(headers), body: { itemId: item.id, testClock: clock.id } });
    const results = await Promise.all([1, 2, 3, 4].map(() => advance(headers, clock.id, { seconds: 3600 })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const spans = results.map((r) => [Date.parse(r.body.advancedFrom), Date.parse(r.body.advancedTo)]).sort((x, y) => x[0] - y[0]);
    const t0 = Date.parse("2031-02-01T00:00:00Z");
    expect(spans).toEqual([0, 1, 2, 3].map((i) => [t0 + i * H, t0 + (i + 1) * H]));
    const ran = results.flatMap((r) => r.body.ran);
    expect(ran).toEqual([expect.objectContaining({ kind: "checkout_grant.expiry", at: iso(t0 + 2 * H), outcome: "expired" })]);
    expect((await getDb().testClock.findUniqueOrThrow({ where: { id: clock.id } })).frozenTime).toEqual(new Date(t0 + 4 * H));
  });
});

describe("advanceTestClock: the work cap", () => {
  it("stops the clock where the work stopped; the next advance goes on from there", async () => {
    const { game, headers } = await makeGame();
    const item = await makeProductRow(game.id);
    const clock = await makeClock(headers, { frozenTime: "2031-10-01T00:00:00Z" });
    await call(CREATE_GRANT, { headers: idem(headers), body: { itemId: item.id, testClock: clock.id } });
    await advance(headers, clock.id, { seconds: 1800 });
    await call(CREATE_GRANT, { headers: idem(headers), body: { itemId: item.id, testClock: clock.id } });
    const ctx = gameContextFor(game);
    const first = await advanceTestClock(ctx, { id: clock.id, seconds: 5 * 3600, maxWork: 1 });
    expect(first).toMatchObject({ advancedFrom: "2031-10-01T00:30:00.000Z", advancedTo: "2031-10-01T02:00:00.000Z" });
    expect(first.ran.map((r) => r.at)).toEqual(["2031-10-01T02:00:00.000Z"]);
    const rest = await advance(headers, clock.id, { frozenTime: "2031-10-01T05:30:00Z" });
    expect(rest.body.ran.map((r: { at: string; outcome: string }) => [r.at, r.outcome])).toEqual([["2031-10-01T02:30:00.000Z", "expired"]]);
  });
});

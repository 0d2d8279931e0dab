import { afterEach, beforeEach, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { POST } from "./route";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { makeGame } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { idem } from "@/tests/support/vc";
import { eventsOf, makeProductRow } from "@/tests/support/purchases";
import { getDb } from "@/lib/db/client";
import { parseCheckoutUrl } from "@/lib/checkout/sign-url";
import { startCheckout } from "@/lib/checkout/start-checkout";
import { payCheckout } from "@/lib/checkout/pay-checkout";

const SECRET = "whsec_test_secret";
const stripe = new Stripe("sk_test_offline");

/** A live game's grant whose card payment went to Stripe: a claimed grant and a pending purchase holding the session id. */
const setup = async () => {
  const g = await makeGame({ environment: "live" });
  const item = await makeProductRow(g.game.id, { environment: "live" });
  const created = await call(createGrant, { headers: idem(g.headers), body: { itemId: item.id, checkoutMetadata: { order: "A1" } } });
  const ref = parseCheckoutUrl(created.body.checkoutUrl)!;
  const purchase = await startCheckout(getDb(), { ref, method: "card" });
  const sessionId = `cs_live_${purchase.id}`;
  await getDb().purchase.update({ where: { id: purchase.id }, data: { externalId: sessionId, paymentProvider: "stripe" } });
  return { ...g, item, ref, purchase, sessionId, userRef: created.body.userRef as string };
};

const send = async (event: Record<string, unknown>, { secret = SECRET, header }: { secret?: string; header?: string | null } = {}) => {
  const payload = JSON.stringify(event);
  const headers = new Headers({ "content-type": "application/json" });
  const sig = header === undefined ? stripe.webhooks.generateTestHeaderString({ payload, secret }) : header;
  if (sig !== null) headers.set("stripe-signature", sig);
  const res = await POST(new Request("http://localhost/api/webhooks/stripe", { method: "POST", headers, body: payload }));
  return { status: res.status, body: await res.json() };
};
const sessionEvent = (id: string, type: string, sessionId: string, payment_status = "paid") => ({ id, object: "event", type, data: { object: { id: sessionId, object: "checkout.session", payment_status } } });

describe("POST /api/webhooks/stripe", () => {
  beforeEach(() => {
    process.env.STRIPE_SECRET_KEY = "sk_test_offline";
    process.env.STRIPE_WEBHOOK_SECRET = SECRET;
  });
  afterEach(() => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
  });

  it("checkout.session.completed (signed) completes the purchase and the grant once; a replayed event changes nothing", async () => {
    const s = await setup();
    const event = sessionEvent("evt_1", "checkout.session.completed", s.sessionId);
    const first = await send(event);
    expect(first).toEqual({ status: 200, body: { received: true, eventId: "evt_1", type: "checkout.session.completed", purchaseId: s.purchase.id, action: "completed" } });
    const p = await getDb().purchase.findUniqueOrThrow({ where: { id: s.purchase.id } });
    expect(p).toMatchObject({ status: "completed", isPaid: true, paymentProvider: "stripe", externalId: s.sessionId, userRef: s.userRef });
    expect((await getDb().checkoutGrant.findUniqueOrThrow({ where: { id: (s.ref as { grantId: string }).grantId } })).status).toBe("completed");
    const replay = await send(event);
    expect(replay.status).toBe(200);
    expect((await send(sessionEvent("evt_2", "checkout.session.completed", s.sessionId))).status).toBe(200);
    const completed = await eventsOf(s.game.id, "Purchases.Completed");
    expect(completed).toHaveLength(1);
    expect(completed[0].data).toMatchObject({ paymentProvider: "stripe", amount: 499, grant_user_ref: s.userRef, checkout_metadata: { order: "A1" } });
    expect((await getDb().purchase.findUniqueOrThrow({ where: { id: s.purchase.id } })).updatedAt).toEqual(p.updatedAt);
  });

  it("async_payment_failed and expired fail the purchase and put the grant back to pending; an unpaid completed session does nothing", async () => {
    const s = await setup();
    expect((await send(sessionEvent("evt_u", "checkout.session.completed", s.sessionId, "unpaid"))).body.action).toBe("ignored");
    expect((await getDb().purchase.findUniqueOrThrow({ where: { id: s.purchase.id } })).status).toBe("pending");
    const failed = await send(sessionEvent("evt_f", "checkout.session.async_payment_failed", s.sessionId));
    expect(failed.body.action).toBe("failed");
    expect(await getDb().purchase.findUniqueOrThrow({ where: { id: s.purchase.id } })).toMatchObject({ status: "failed", failureMessage: "The card payment failed." });
    expect((await getDb().checkoutGrant.findUniqueOrThrow({ where: { id: (s.ref as { grantId: string }).grantId } })).status).toBe("pending");
    expect((await send(sessionEvent("evt_e", "checkout.session.expired", s.sessionId))).body.action).toBe("ignored");
    expect((await eventsOf(s.game.id, "Purchases.Failed")).map((e) => e.data.message)).toEqual(["The card payment failed."]);

    const t = await setup();
    expect((await send(sessionEvent("evt_x", "checkout.session.expired", t.sessionId))).body.action).toBe("failed");
    expect((await getDb().purchase.findUniqueOrThrow({ where: { id: t.purchase.id } })).failureMessage).toContain("expired");
  });

  it("400 for a bad or missing signature (nothing changes); unknown sessions and other events are acknowledged and ignored", async () => {
    const s = await setup();
    const event = sessionEvent("evt_b", "checkout.session.completed", s.sessionId);
    for (const opts of [{ secret: "whsec_wrong" }, { header: null }, { header: "t=1,v1=abc" }]) {
      const res = await send(event, opts);
      expect([res.status, res.body.code]).toEqual([400, "STRIPE_SIGNATURE_INVALID"]);
    }
    expect((await getDb().purchase.findUniqueOrThrow({ where: { id: s.purchase.id } })).status).toBe("pending");
    expect((await send(sessionEvent("evt_o", "checkout.session.completed", "cs_unknown"))).body).toMatchObject({ action: "ignored", purchaseId: null });
    expect((await send({ id: "evt_p", object: "event", type: "payment_intent.created", data: { object: { id: "pi_1" } } })).body.action).toBe("ignored");
  });

  it("without Stripe configured: the webhook is 503 PAYMENTS_NOT_CONFIGURED and a live card payment is refused before anything starts", async () => {
    const s = await setup();
    delete process.env.STRIPE_WEBHOOK_SECRET;
    const res = await send(sessionEvent("evt_n", "checkout.session.completed", s.sessionId));
    expect([res.status, res.body.code]).toEqual([503, "PAYMENTS_NOT_CONFIGURED"]);
    expect(res.body.error).toContain("STRIPE_WEBHOOK_SECRET");
    delete process.env.STRIPE_SECRET_KEY;
    const g = await call(createGrant, { headers: idem(s.headers), body: { itemId: s.item.id } });
    const err = await payCheckout(getDb(), { ref: parseCheckoutUrl(g.body.checkoutUrl)!, method: "card" }).catch((e) => e);
    expect([err.status, err.code]).toEqual([503, "PAYMENTS_NOT_CONFIGURED"]);
    expect(err.message).toContain("STRIPE_SECRET_KEY");
    expect(await getDb().purchase.count({ where: { gameId: s.game.id } })).toBe(1);
    expect(await getDb().checkoutGrant.count({ where: { gameId: s.game.id, status: "pending" } })).toBe(1);
  });
});

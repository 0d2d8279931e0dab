// Stripe's charge.dispute.* events (signed with the SDK's test header) against live card purchases on real
// PostgreSQL: created marks the purchase disputed and claws back, updated follows Stripe's status, closed restores
// on a won dispute and records the refund on a lost one; Purchases.Disputed / Purchases.DisputeClosed reach the game.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { POST } from "./route";
import { POST as createCurrency } from "@/app/api/v1/vc/currencies/route";
import { POST as refundRoute } from "@/app/api/v1/purchases/[purchaseId]/refunds/route";
import { makeGame, linkUser } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { idem } from "@/tests/support/vc";
import { eventsOf, makeProductRow } from "@/tests/support/purchases";
import { startFakeStripe, useFakeStripe, type FakeStripe } from "@/tests/support/fake-stripe";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { createPurchase } from "@/lib/purchases/create-purchase";
import { transfer } from "@/lib/ledger/transfer";
import { vcPool, vcUser } from "@/lib/ledger/accounts";
import { vcScope } from "@/lib/vc/vc-scope";

const SECRET = "whsec_test_disputes";
const signer = new Stripe("sk_test_offline");
let fake: FakeStripe;
let restore: () => void;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());
beforeEach(() => {
  restore = useFakeStripe(fake, { webhookSecret: SECRET });
});
afterEach(() => restore());

let n = 0;
const send = async (event: Record<string, unknown>, { secret = SECRET } = {}) => {
  const payload = JSON.stringify(event);
  const headers = new Headers({ "content-type": "application/json", "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret }) });
  const res = await POST(new Request("http://localhost/api/webhooks/stripe", { method: "POST", headers, body: payload }));
  return { status: res.status, body: await res.json() };
};
const DUE = 1_900_000_000;
const disputeEvent = (type: string, id: string, pi: string, { status = "needs_response", amount = 1000, eventId = `evt_d${++n}` } = {}) => ({
  id: eventId,
  object: "event",
  type,
  data: {
    object: {
      id,
      object: "dispute",
      amount,
      currency: "usd",
      payment_intent: pi,
      charge: `ch_${pi}`,
      reason: "fraudulent",
      status,
      evidence_details: { due_by: DUE },
    },
  },
});

/** A live game with a currency, and a paid card purchase of an item granting 1000 units, settled by its signed checkout event. */
const setup = async () => {
  const g = await makeGame({ environment: "live" });
  const cur = await call(createCurrency, { headers: idem(g.headers), body: { code: `LG${++n}`, name: "Live gems" } });
  const currencyId: string = cur.body.currency._id;
  const userRef = await linkUser(g.game.id, { environment: "live" });
  const item = await makeProductRow(g.game.id, {
    environment: "live",
    priceCents: 1000,
    fulfillmentType: "GRANT_VIRTUAL_CURRENCY",
    grantCurrencyId: currencyId,
    grantAmountUnits: 1000n,
  });
  const p = await createPurchase({ db: getDb() }, { gameId: g.game.id, environment: "live", productId: item.id, userRef, method: "card" });
  const sessionId = `cs_live_${newId()}`;
  await getDb().purchase.update({ where: { id: p.id }, data: { externalId: sessionId } });
  const pi = `pi_for_${sessionId}`;
  const paid = await send({
    id: `evt_paid_${n}`,
    object: "event",
    type: "checkout.session.completed",
    data: { object: { id: sessionId, object: "checkout.session", payment_status: "paid", payment_intent: pi } },
  });
  expect(paid.body.action).toBe("completed");
  const balance = async () =>
    (await getDb().ledgerAccount.findFirst({ where: { asset: `vc:${currencyId}`, environment: "live", kind: "user", ownerRef: userRef } }))?.balance ?? 0n;
  const spend = (units: bigint) =>
    transfer(getDb(), {
      ...vcScope({ gameId: g.game.id, environment: "live", currencyId }),
      type: "debit",
      from: vcUser(userRef, "live"),
      to: vcPool(currencyId, "live"),
      amount: units,
      description: "spent",
    });
  return { ...g, currencyId, userRef, purchaseId: p.id, pi, balance, spend };
};
const purchaseOf = (id: string) => getDb().purchase.findUniqueOrThrow({ where: { id } });

describe("charge.dispute.* webhooks", () => {
  it("created claws back (down to 0) and marks the purchase disputed, once; updated follows Stripe; won restores what was recovered", async () => {
    const s = await setup();
    expect(await purchaseOf(s.purchaseId)).toMatchObject({ status: "completed", paymentIntentId: s.pi, disputeStatus: null });
    await s.spend(400n);
    expect(await s.balance()).toBe(600n);

    const created = await send(disputeEvent("charge.dispute.created", "dp_1", s.pi));
    expect(created).toEqual({
      status: 200,
      body: {
        received: true,
        eventId: expect.any(String),
        type: "charge.dispute.created",
        purchaseId: s.purchaseId,
        kind: "dispute",
        objectId: "dp_1",
        action: "disputed",
      },
    });
    expect(await s.balance()).toBe(0n);
    expect(await purchaseOf(s.purchaseId)).toMatchObject({ status: "completed", disputeStatus: "open" });
    const row = await getDb().dispute.findUniqueOrThrow({ where: { id: "dp_1" } });
    expect(row).toMatchObject({
      objectType: "purchase",
      objectId: s.purchaseId,
      amountCents: 1000n,
      status: "needs_response",
      evidenceDueBy: new Date(DUE * 1000),
    });
    expect(row.clawback).toEqual({
      virtualCurrency: { currencyId: s.currencyId, units: "1000", recovered: "600", unrecovered: "400", journalId: expect.any(String) },
    });
    const [disputed] = await eventsOf(s.game.id, "Purchases.Disputed");
    expect(disputed.data).toMatchObject({
      purchaseId: s.purchaseId,
      dispute: { disputeId: "dp_1", amount: 1000, reason: "fraudulent", status: "needs_response", evidenceDueBy: new Date(DUE * 1000).toISOString() },
    });

    // a replayed created event changes nothing
    expect((await send(disputeEvent("charge.dispute.created", "dp_1", s.pi))).body.action).toBe("ignored");
    expect(await eventsOf(s.game.id, "Purchases.Disputed")).toHaveLength(1);
    expect(await s.balance()).toBe(0n);

    // the game cannot refund a disputed purchase: the dispute decides
    const refused = await call(refundRoute, { headers: idem(s.headers), params: { purchaseId: s.purchaseId }, body: { reason: "other" } });
    expect([refused.status, refused.body.code]).toEqual([409, "PURCHASE_NOT_REFUNDABLE"]);

    expect((await send(disputeEvent("charge.dispute.updated", "dp_1", s.pi, { status: "under_review" }))).body.action).toBe("updated");
    expect((await getDb().dispute.findUniqueOrThrow({ where: { id: "dp_1" } })).status).toBe("under_review");

    const won = await send(disputeEvent("charge.dispute.closed", "dp_1", s.pi, { status: "won" }));
    expect(won.body.action).toBe("closed");
    expect(await s.balance()).toBe(600n);
    expect(await purchaseOf(s.purchaseId)).toMatchObject({ status: "completed", disputeStatus: "won", refundedAmount: 0n });
    const [closed] = await eventsOf(s.game.id, "Purchases.DisputeClosed");
    expect(closed.data).toMatchObject({ status: "completed", dispute: { disputeId: "dp_1", status: "won", outcome: "won", restored: true } });
    // a replayed close does not restore twice
    expect((await send(disputeEvent("charge.dispute.closed", "dp_1", s.pi, { status: "won" }))).body.action).toBe("ignored");
    expect(await s.balance()).toBe(600n);
  });

  it("lost: the money is recorded as refunded (reason dispute_lost) and the clawback stands", async () => {
    const s = await setup();
    await send(disputeEvent("charge.dispute.created", "dp_2", s.pi));
    expect(await s.balance()).toBe(0n);
    const lost = await send(disputeEvent("charge.dispute.closed", "dp_2", s.pi, { status: "lost" }));
    expect(lost.body.action).toBe("closed");
    expect(await purchaseOf(s.purchaseId)).toMatchObject({ status: "refunded", refundedAmount: 1000n, disputeStatus: "lost" });
    expect(await getDb().refund.findMany({ where: { objectId: s.purchaseId } })).toEqual([
      expect.objectContaining({ amount: 1000n, reason: "dispute_lost", source: "dispute", provider: "stripe", externalId: "dp_2" }),
    ]);
    expect(await s.balance()).toBe(0n);
    expect((await eventsOf(s.game.id, "Purchases.DisputeClosed"))[0].data).toMatchObject({ status: "refunded", dispute: { outcome: "lost" } });
    // no refund at Stripe for a lost dispute: the card network took the money back itself
    expect(fake.calls.filter((c) => c.path === "/v1/refunds")).toEqual([]);
  });

  it("a bad signature is 400 with nothing recorded; a dispute of a PaymentIntent that is not ours is acknowledged and ignored", async () => {
    const s = await setup();
    const forged = await send(disputeEvent("charge.dispute.created", "dp_3", s.pi), { secret: "whsec_someone_else" });
    expect([forged.status, forged.body.code]).toEqual([400, "STRIPE_SIGNATURE_INVALID"]);
    expect(await getDb().dispute.count({ where: { id: "dp_3" } })).toBe(0);
    expect((await purchaseOf(s.purchaseId)).disputeStatus).toBeNull();
    const stranger = await send(disputeEvent("charge.dispute.created", "dp_4", "pi_unknown"));
    expect(stranger).toMatchObject({ status: 200, body: { action: "ignored", purchaseId: null } });
    expect(await getDb().dispute.count({ where: { id: "dp_4" } })).toBe(0);
  });
});

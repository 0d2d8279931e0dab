// The live card path against the Stripe double (tests/support/stripe-double, STRIPE_API_BASE), through the real SDK:
// the request Stripe receives, the session id stored on the purchase, and the payer backing out, which
// cancels only on the POST and then expires the session at Stripe.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import CancelPage from "@/app/checkout/cancel/[purchaseId]/page";
import { makeGame } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { idem } from "@/tests/support/vc";
import { eventsOf, makeProductRow } from "@/tests/support/purchases";
import { useStripeDouble } from "@/tests/support/stripe-double-setup";
import { getDb } from "@/lib/db/client";
import { backOutOfPayment } from "@/lib/checkout/back-out-of-payment";
import { payCheckout } from "@/lib/flows/pay-checkout";
import { cancelUrlPath, checkoutPath, parseCheckoutUrl, successUrlPath } from "@/lib/checkout/sign-url";
import { taskList } from "@/lib/flows/job-tasks";
import { STRIPE_EXPIRE_TASK } from "./queue-session-expiry";

// The cancel page reads Accept-Language through next/headers (its language); outside a request it answers English.
vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);

const stripe = useStripeDouble({ secret: "whsec_create_checkout_session" });
beforeAll(() => {
  process.env.APP_URL = "https://pay.coinop.test";
});
afterAll(() => {
  process.env.APP_URL = "http://localhost:3000";
});

const expiryJobs = () =>
  getDb().$queryRaw<{ payload: { purchaseId: string; sessionId: string } }[]>`
    SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = ${STRIPE_EXPIRE_TASK} ORDER BY j.id`;

describe("live card payments through Stripe Checkout", () => {
  it("creates a Checkout Session for the fixed price and stores its id; backing out cancels on the POST only, then expires the session at Stripe", async () => {
    const g = await makeGame({ environment: "live" });
    const item = await makeProductRow(g.game.id, { environment: "live", name: "Golden Sword", priceCents: 1299 });
    const grant = await call(createGrant, { headers: idem(g.headers), body: { itemId: item.id, email: "buyer@example.com" } });
    const ref = parseCheckoutUrl(grant.body.checkoutUrl)!;
    const grantId = (ref as { grantId: string }).grantId;
    const result = await payCheckout({ db: getDb() }, { ref, method: "card", email: "buyer@example.com" });
    const { calls, sessions } = stripe.double.state;
    expect(sessions.size).toBe(1);
    const [session] = sessions.values();
    const sessionId = session.id;
    expect(sessionId).toMatch(/^cs_test_/);
    // the payer is sent to the page Stripe made for the session
    expect(result).toMatchObject({ outcome: "redirect", url: `${stripe.double.url}/c/pay/${sessionId}` });
    expect(session).toMatchObject({ url: `${stripe.double.url}/c/pay/${sessionId}`, amount_total: 1299, status: "open" });
    const [req] = calls;
    expect([req.method, req.path, req.idempotencyKey]).toEqual(["POST", "/v1/checkout/sessions", `purchase-${result.purchase.id}`]);
    expect(req.form).toMatchObject({
      mode: "payment",
      line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "1299", product_data: { name: "Golden Sword" } } }],
      client_reference_id: result.purchase.id,
      metadata: { purchaseId: result.purchase.id },
      customer_email: "buyer@example.com",
      success_url: `https://pay.coinop.test${successUrlPath(result.purchase.id)}`,
      cancel_url: `https://pay.coinop.test${cancelUrlPath(result.purchase.id)}`,
    });
    expect(await getDb().purchase.findUniqueOrThrow({ where: { id: result.purchase.id } })).toMatchObject({
      status: "pending",
      externalId: sessionId,
      paymentProvider: "stripe",
    });
    expect((await getDb().checkoutGrant.findUniqueOrThrow({ where: { id: grantId } })).status).toBe("claimed");

    // Stripe's cancel_url is opened with a GET: the page offers the choice and changes nothing.
    const sig = new URL(String(req.form.cancel_url)).searchParams.get("sig")!;
    const html = renderToStaticMarkup(
      (await CancelPage({ params: Promise.resolve({ purchaseId: result.purchase.id }), searchParams: Promise.resolve({ sig }) })) as ReactElement,
    );
    expect(html).toContain("You left the card payment");
    expect(html).toMatch(/<button type="submit"[^>]*>Return to checkout<\/button>/);
    expect((await getDb().purchase.findUniqueOrThrow({ where: { id: result.purchase.id } })).status).toBe("pending");
    expect(await expiryJobs()).toEqual([]);

    // The payer presses "Return to checkout" (the POST): canceled, grant pending, the session's expiry queued.
    expect(await backOutOfPayment({ db: getDb() }, { purchaseId: result.purchase.id })).toBe(checkoutPath({ kind: "grant", grantId }));
    expect((await getDb().purchase.findUniqueOrThrow({ where: { id: result.purchase.id } })).status).toBe("canceled");
    expect((await getDb().checkoutGrant.findUniqueOrThrow({ where: { id: grantId } })).status).toBe("pending");
    expect((await eventsOf(g.game.id)).map((e) => e.event)).toEqual(["Purchases.Started", "Purchases.Canceled"]);
    expect((await expiryJobs()).map((j) => j.payload)).toEqual([{ purchaseId: result.purchase.id, sessionId }]);
    // pressing it again cancels nothing more and queues nothing more
    await backOutOfPayment({ db: getDb() }, { purchaseId: result.purchase.id });
    expect(await expiryJobs()).toHaveLength(1);

    // The worker's task expires the session at Stripe; a second run ends without expiring anything again.
    const run = taskList[STRIPE_EXPIRE_TASK] as (payload: unknown, helpers: unknown) => Promise<void>;
    await run({ purchaseId: result.purchase.id, sessionId }, {});
    expect(calls.filter((c) => c.path.endsWith("/expire")).map((c) => [c.method, c.path])).toEqual([["POST", `/v1/checkout/sessions/${sessionId}/expire`]]);
    expect(sessions.get(sessionId)!.status).toBe("expired");
    await run({ purchaseId: result.purchase.id, sessionId }, {});
    // (Stripe answers the same Idempotency-Key with its first answer: the run ends, nothing changes at Stripe)
    expect(calls.at(-1)).toMatchObject({ method: "POST", path: `/v1/checkout/sessions/${sessionId}/expire`, idempotencyKey: `expire-${sessionId}` });
    expect(sessions.get(sessionId)!.status).toBe("expired");
    expect(stripe.double.state.events.filter((e) => e.type === "checkout.session.expired").map((e) => (e.data.object as { id: string }).id)).toEqual([
      sessionId,
    ]);
    // a Stripe outage makes the task throw, so graphile-worker retries it later
    stripe.double.failNext(/\/expire$/);
    sessions.get(sessionId)!.status = "open";
    await expect(run({ purchaseId: result.purchase.id, sessionId }, {})).rejects.toThrow();
  });
});

// The live payment path in a real browser against the Stripe double (tests/support/stripe-double), started here on
// the fixed port the server's STRIPE_API_BASE names (e2e/stripe-double-env.ts): the server's real `stripe` SDK opens
// Checkout Sessions there, the browser is sent to the double's hosted page, Pay completes the payment, and the double
// POSTs Stripe's events, signed with the server's STRIPE_WEBHOOK_SECRET, to /api/webhooks/stripe over HTTP before it
// redirects the payer back. Live checkout (paid, and backed out of: the in-process worker's job expires the session at
// the double), live fund session and live invoice. Desktop only: one double per run (serial).
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { startStripeDouble, type StripeDouble } from "../tests/support/stripe-double";
import { STRIPE_DOUBLE_PORT, STRIPE_DOUBLE_WEBHOOK_SECRET } from "./stripe-double-env";
import { screenshot } from "./support";

test.describe.configure({ mode: "serial", timeout: 180_000 });

type Live = { game: { gameId: string; serverKey: string }; platform: { platformKey: string; businessId: string; campaignId: string } };

let double: StripeDouble;
let live: Live;

test.beforeAll(async ({ baseURL }) => {
  double = await startStripeDouble({ port: STRIPE_DOUBLE_PORT, webhook: { secret: STRIPE_DOUBLE_WEBHOOK_SECRET, url: `${baseURL}/api/webhooks/stripe` } });
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "e2e/seed-live-game.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? "54331",
      EMBEDDED_PG_DIR: process.env.E2E_PG_DIR ?? ".data/e2e-postgres",
    },
    timeout: 60_000,
  });
  live = JSON.parse(stdout) as Live;
});
test.afterAll(async () => {
  await double?.stop();
});

const game = () => ({ authorization: `Bearer ${live.game.serverKey}`, "x-game-id": live.game.gameId, "idempotency-key": randomUUID() });
const platform = () => ({ authorization: `Bearer ${live.platform.platformKey}`, "idempotency-key": randomUUID() });
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

const liveGrant = async (request: APIRequestContext, name: string, price: number) => {
  const item = await request.post("/api/v1/products", { headers: game(), data: { type: "purchase", name, price, description: "Sold for real money." } });
  expect(item.status(), await item.text()).toBe(201);
  const email = `live-${randomUUID().slice(0, 8)}@example.com`;
  const grant = await request.post("/api/v1/checkout/grants", { headers: game(), data: { itemId: (await item.json())._id, email } });
  expect(grant.status(), await grant.text()).toBe(201);
  return { ...((await grant.json()) as { checkoutUrl: string; userRef: string }), email };
};

/** The session the double holds for the page the browser is on (the double's hosted page). */
const sessionOnPage = (url: string) => {
  const id = new URL(url).pathname.split("/").pop()!;
  return double.state.sessions.get(id)!;
};

test("a live checkout: the payer is sent to Stripe (the double), pays, and comes back to a completed purchase", async ({ page, request }) => {
  const g = await liveGrant(request, "Founder's pack", 1299);
  await page.goto(pathOf(g.checkoutUrl));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout: Founder's pack");
  await expect(page.getByText("Test mode", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: /^Continue to card payment · USD\s12\.99$/ }).click();

  // Stripe's page (the double's): the item, the total, the payer's email
  await page.waitForURL(new RegExp(`^http://127\\.0\\.0\\.1:${STRIPE_DOUBLE_PORT}/c/pay/cs_test_`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay with card");
  await expect(page.getByTestId("total")).toHaveText("12.99 USD");
  await expect(page.getByLabel("Email")).toHaveValue(g.email);
  const session = sessionOnPage(page.url());
  expect(session).toMatchObject({ status: "open", amount_total: 1299, currency: "usd", customer_email: g.email, metadata: { kind: "purchase" } });
  const purchaseId = session.client_reference_id!;
  await screenshot(page, "stripe-double-checkout");

  await page.getByRole("button", { name: "Pay 12.99 USD" }).click();
  // back on the service: the webhook completed the purchase before Stripe redirected
  await page.waitForURL(new RegExp(`/checkout/success/${purchaseId}\\?sig=`));
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page.getByText("You paid USD 12.99 for Founder's pack.")).toBeVisible();
  await screenshot(page, "stripe-double-checkout-success");
  expect(double.state.sessions.get(session.id)).toMatchObject({ status: "complete", payment_status: "paid" });
  const deliveries = double.state.deliveries.filter((d) => double.state.events.find((e) => e.id === d.eventId)!.data.object.id === session.id);
  expect(deliveries.map((d) => [d.type, d.status, (d.body as { action?: string }).action])).toEqual([["checkout.session.completed", 200, "completed"]]);

  expect(deliveries[0].body).toMatchObject({ purchaseId, type: "checkout.session.completed" });
  // the same checkout link is now used up
  await page.goto(pathOf(g.checkoutUrl));
  await expect(
    page
      .getByText("This checkout is already paid.")
      .or(page.getByRole("heading", { name: "Already completed" }))
      .first(),
  ).toBeVisible();
});

test("backing out of Stripe's page: Return to checkout cancels the payment and the worker expires the session at Stripe", async ({ page, request }) => {
  const g = await liveGrant(request, "Starter kit", 499);
  await page.goto(pathOf(g.checkoutUrl));
  await page.getByRole("button", { name: /^Continue to card payment · USD\s4\.99$/ }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  const session = sessionOnPage(page.url());
  await page.getByRole("link", { name: "← Back" }).click();
  await expect(page.getByRole("heading", { name: "You left the card payment" })).toBeVisible();
  await page.getByRole("button", { name: "Return to checkout" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout: Starter kit");
  // the in-process worker's job asked the double to expire the session; the double's event came back signed
  await expect.poll(() => double.state.sessions.get(session.id)!.status, { timeout: 30_000 }).toBe("expired");
  const expire = double.state.calls.find((c) => c.path === `/v1/checkout/sessions/${session.id}/expire`)!;
  expect(expire.idempotencyKey).toBe(`expire-${session.id}`);
  await expect
    .poll(() => double.state.deliveries.filter((d) => d.type === "checkout.session.expired").map((d) => d.status), { timeout: 15_000 })
    .toContain(200);
});

test("paid in two tabs: the late payment of the replaced purchase is refunded at Stripe, and its page says so", async ({ page, context, request }) => {
  const g = await liveGrant(request, "Collector's box", 2500);
  await page.goto(pathOf(g.checkoutUrl));
  await page.getByRole("button", { name: /^Continue to card payment · USD\s25\.00$/ }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  const first = sessionOnPage(page.url());
  // Stripe is slow to take the expiry of the first session (the worker keeps retrying), so it stays payable
  const stripeTakesExpiries = double.failNext(new RegExp(`^/v1/checkout/sessions/${first.id}/expire$`), 1000);

  // the payer opens the checkout again in another tab and pays there first
  const other = await context.newPage();
  await other.goto(pathOf(g.checkoutUrl));
  await other.getByRole("button", { name: /^Continue to card payment · USD\s25\.00$/ }).click();
  await other.waitForURL(/\/c\/pay\/cs_test_/);
  const second = sessionOnPage(other.url());
  expect(second.id).not.toBe(first.id);
  await other.getByRole("button", { name: "Pay 25.00 USD" }).click();
  await expect(other.getByRole("heading", { name: "Payment successful" })).toBeVisible();

  // then pays the first tab's page too: Stripe takes it, the webhook refunds it at once, in full
  await page.getByRole("button", { name: "Pay 25.00 USD" }).click();
  await page.waitForURL(new RegExp(`/checkout/success/${first.client_reference_id}\\?sig=`));
  await expect(page.getByRole("heading", { name: "Payment not completed" })).toBeVisible();
  await expect(page.getByText("Your card payment arrived after this checkout had ended, so it was refunded to your card.")).toBeVisible();
  await screenshot(page, "stripe-double-late-refund");
  // Stripe takes the expiry again: the worker's next try finds the session complete and ends
  stripeTakesExpiries();
  const intent = double.state.sessions.get(first.id)!.payment_intent as string;
  const refunds = [...double.state.refunds.values()].filter((r) => r.payment_intent === intent);
  expect(refunds).toMatchObject([{ amount: 2500, status: "succeeded", metadata: { purchaseId: first.client_reference_id } }]);
  expect([...double.state.refunds.values()].filter((r) => r.payment_intent === double.state.sessions.get(second.id)!.payment_intent)).toEqual([]);
  const completed = double.state.deliveries.filter((d) => d.type === "checkout.session.completed").map((d) => d.body as { purchaseId: string; action: string });
  expect(completed.filter((b) => b.purchaseId === first.client_reference_id).map((b) => b.action)).toEqual(["refunded"]);
  expect(completed.filter((b) => b.purchaseId === second.client_reference_id).map((b) => b.action)).toEqual(["completed"]);
});

test("a live fund session and a live invoice are paid on Stripe's page (the double) and complete", async ({ page, request }) => {
  const fs = await request.post(`/api/v1/platform/campaigns/${live.platform.campaignId}/fund-sessions`, { headers: platform(), data: {} });
  expect(fs.status(), await fs.text()).toBe(201);
  const fund = (await fs.json()) as { sessionKey: string; url: string };
  await page.goto(pathOf(fund.url));
  await page.getByLabel("Amount (USD)").fill("40.00");
  // live with Stripe: the card is taken on Stripe's page, so the button says where it goes
  await page.getByRole("button", { name: /^Continue to card payment · USD\s40\.00$/ }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  await expect(page.getByTestId("total")).toHaveText("40.00 USD");
  await page.getByRole("button", { name: "Pay 40.00 USD" }).click();
  await page.waitForURL(new RegExp(`/fund/${fund.sessionKey}\\?payment=stripe`));
  await expect(page.getByRole("heading", { name: "Funding complete" })).toBeVisible();
  const fundState = await request.get(`/api/v1/platform/campaigns/${live.platform.campaignId}/fund-sessions/${fund.sessionKey}`, { headers: platform() });
  expect(await fundState.json()).toMatchObject({ status: "completed" });
  await screenshot(page, "stripe-double-fund-completed");

  const inv = await request.post("/api/v1/platform/invoices", {
    headers: { ...platform(), "x-target-business-id": live.platform.businessId },
    data: {
      receiverName: "Ada Lovelace",
      receiverEmail: "ada@example.com",
      date: "2026-11-20",
      dueDate: "2026-12-20",
      status: "sent",
      emailSuppressed: true,
      items: [{ description: "Hosting", quantity: 2, rate: 10.5 }],
    },
  });
  expect(inv.status(), await inv.text()).toBe(201);
  const invoice = (await inv.json()) as { _id: string; links: { invoice: string } };
  await page.goto(pathOf(invoice.links.invoice));
  await page.getByRole("button", { name: /^Continue to card payment · USD\s21\.00$/ }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  const session = sessionOnPage(page.url());
  expect(session).toMatchObject({ customer_email: "ada@example.com", metadata: { kind: "invoice", objectId: invoice._id } });
  await page.getByRole("button", { name: /^Pay .* USD$/ }).click();
  await page.waitForURL(/\/invoice\/.*payment=stripe/);
  await expect(page.getByRole("heading", { name: "Paid", exact: true })).toBeVisible();
  const paid = await request.get(`/api/v1/platform/invoices/${invoice._id}`, { headers: { ...platform(), "x-target-business-id": live.platform.businessId } });
  expect(await paid.json()).toMatchObject({ status: "paid" });
  await screenshot(page, "stripe-double-invoice-paid");
});

// The live payment path in a real browser against the Stripe double (tests/support/stripe-double), started here on
// the fixed port the server's STRIPE_API_BASE names (e2e/stripe-double-env.ts): the server's real `stripe` SDK opens
// Checkout Sessions there, the browser is sent to the double's hosted page, Pay completes the payment, and the double
// POSTs Stripe's events, signed with the server's STRIPE_WEBHOOK_SECRET, to /api/webhooks/stripe over HTTP before it
// redirects the payer back. Live checkout (paid, and backed out of: the in-process worker's job expires the session at
// the double), live fund session and live invoice; a live card purchase refunded in part from the portal, and disputes
// opened, won and lost at the double, as the portal shows them. Desktop only: one double per run (serial).
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { startStripeDouble, type StripeDouble } from "../tests/support/stripe-double";
import { STRIPE_DOUBLE_PORT, STRIPE_DOUBLE_WEBHOOK_SECRET } from "./stripe-double-env";
import { auditPortalPage, openPortal, signInToPortal, signInWithDeveloperLogin, type PortalSeed } from "./portal-support";
import { screenshot, startReceiver } from "./support";

test.describe.configure({ mode: "serial", timeout: 180_000 });

type Live = { game: { gameId: string; serverKey: string }; platform: { platformKey: string; businessId: string; campaignId: string } };

let double: StripeDouble;
let live: Live;

/** e2e/seed-live-game.ts in the server's database, with `args`: what it printed. */
const seedLive = async (args: string[] = []) => {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "e2e/seed-live-game.ts", ...args], {
    env: {
      ...process.env,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? "54331",
      EMBEDDED_PG_DIR: process.env.E2E_PG_DIR ?? ".data/e2e-postgres",
    },
    timeout: 60_000,
  });
  return JSON.parse(stdout) as unknown;
};

test.beforeAll(async ({ baseURL }) => {
  double = await startStripeDouble({ port: STRIPE_DOUBLE_PORT, webhook: { secret: STRIPE_DOUBLE_WEBHOOK_SECRET, url: `${baseURL}/api/webhooks/stripe` } });
  live = (await seedLive()) as Live;
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

const liveGrant = async (
  request: APIRequestContext,
  name: string,
  price: number,
  headers = game,
  email = `live-${randomUUID().slice(0, 8)}@example.com`,
  extra: Record<string, unknown> = {},
) => {
  const item = await request.post("/api/v1/products", {
    headers: headers(),
    data: { type: "purchase", name, price, description: "Sold for real money.", ...extra },
  });
  expect(item.status(), await item.text()).toBe(201);
  const grant = await request.post("/api/v1/checkout/grants", { headers: headers(), data: { itemId: (await item.json())._id, email } });
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

// The portal's side of live card payments: the seed's business (its developer signs in to the portal) gets a live
// game, whose player pays live card purchases on the double's page.
test.describe("live refunds and disputes in the portal", () => {
  let s: PortalSeed;
  let arcade: { gameId: string; serverKey: string; businessId: string };
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const arcadeKey = () => ({ authorization: `Bearer ${arcade.serverKey}`, "x-game-id": arcade.gameId, "idempotency-key": randomUUID() });
  const email = `arcade-${randomUUID().slice(0, 8)}@example.com`;
  /** A purchase of `name` for `price` cents by the arcade's player, paid on the double's page in the player's own browser. */
  const paidLive = async (browser: Browser, request: APIRequestContext, name: string, price: number, extra: Record<string, unknown> = {}) => {
    const g = await liveGrant(request, name, price, arcadeKey, email, extra);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const player = await context.newPage();
    await player.goto(pathOf(g.checkoutUrl));
    const dollars = (price / 100).toFixed(2);
    await player.getByRole("button", { name: new RegExp(`^Continue to card payment · USD\\s${dollars.replace(".", "\\.")}$`) }).click();
    await player.waitForURL(/\/c\/pay\/cs_test_/);
    const session = sessionOnPage(player.url());
    await player.getByRole("button", { name: `Pay ${dollars} USD` }).click();
    await expect(player.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    return {
      ...g,
      player,
      context,
      purchaseId: session.client_reference_id!,
      pi: double.state.sessions.get(session.id)!.payment_intent as string,
      successUrl: player.url(),
    };
  };
  const purchaseRow = (page: Page, purchaseId: string) => page.getByTestId(`purchase-${purchaseId}`);
  const refundsOf = async (request: APIRequestContext, purchaseId: string) => {
    const res = await request.get(`/api/v1/purchases/${purchaseId}/refunds`, { headers: arcadeKey() });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { data: { amount: number; reason: string; provider: string; externalId: string | null }[] }).data;
  };

  test.beforeAll(async ({ browser, baseURL }) => {
    receiver = await startReceiver();
    const page = await browser.newPage();
    s = await signInToPortal(page, baseURL!, receiver.url);
    await page.close();
    arcade = ((await seedLive(["--business", s.business.businessId])) as { game: typeof arcade }).game;
  });
  test.afterAll(async () => {
    await receiver?.close();
  });

  test("a live card purchase refunded in part from the portal: Stripe (the double) holds the refund, the player's page shows it", async ({
    page,
    browser,
    request,
  }) => {
    const bought = await paidLive(browser, request, "Dragon saddle", 1500);
    await signInWithDeveloperLogin(page, s.portal);
    await openPortal(page, s, `/players/${encodeURIComponent(bought.userRef)}`, "live");
    const row = purchaseRow(page, bought.purchaseId);
    await expect(row).toContainText("Completed");
    await row.getByText("Refund…").click();
    const form = row.getByRole("form", { name: "Refund the purchase of Dragon saddle" });
    await form.getByLabel(/^Amount/).fill("600");
    await form.getByLabel("Reason").selectOption("requested_by_customer");
    await form.getByLabel("Note (optional)").fill("Saddle did not fit");
    await form.getByRole("button", { name: "Refund" }).click();
    await expect(form.getByRole("status")).toHaveText("Refunded 600 (USD); the purchase is now partially refunded.");

    // Stripe (the double) holds one refund of the payment: 6.00 of it, with the purchase's metadata and the refund's id
    const atStripe = [...double.state.refunds.values()].filter((r) => r.payment_intent === bought.pi);
    const [ours] = await refundsOf(request, bought.purchaseId);
    expect(ours).toMatchObject({ amount: 600, reason: "requested_by_customer", provider: "stripe", externalId: atStripe[0]?.id });
    expect(atStripe).toMatchObject([{ amount: 600, status: "succeeded", metadata: { purchaseId: bought.purchaseId, gameId: arcade.gameId } }]);
    const call = double.state.calls.find((c) => c.path === "/v1/refunds" && c.form.payment_intent === bought.pi)!;
    expect(call.idempotencyKey).toBe(`refund:${(atStripe[0].metadata as { refundId: string }).refundId}`);
    expect([...double.state.charges.values()].find((c) => c.payment_intent === bought.pi)).toMatchObject({
      amount: 1500,
      amount_refunded: 600,
      refunded: false,
    });

    await page.reload();
    await expect(purchaseRow(page, bought.purchaseId)).toContainText("Partly refunded");
    await auditPortalPage(page, "live-player-refund");

    // the player's success page says what came back
    await bought.player.goto(bought.successUrl);
    await expect(bought.player.getByRole("heading", { level: 1 })).toHaveText("Payment partly refunded");
    await expect(bought.player.getByTestId("refunded")).toHaveText(
      "USD 6.00 of the USD 15.00 you paid for Dragon saddle was refunded. It goes back the way you paid: to your card, your wallet or your balance.",
    );
    await screenshot(bought.player, "stripe-double-live-refund-success");
    await bought.context.close();
  });

  test("disputes at the double: listed with the evidence due date and Stripe's page; won restores; lost stays refunded", async ({ page, browser, request }) => {
    await signInWithDeveloperLogin(page, s.portal);
    // the arcade's currency: the bow grants 1000 ARC, the shield 500 (what a dispute claws back, and a won one restores)
    const cur = await request.post("/api/v1/vc/currencies", { headers: arcadeKey(), data: { code: "ARC", name: "Arcade coins" } });
    expect(cur.status(), await cur.text()).toBe(201);
    const currencyId = ((await cur.json()) as { currency: { _id: string } }).currency._id;
    const grants = (units: string) => ({ fulfillmentType: "GRANT_VIRTUAL_CURRENCY", virtualCurrencyGrant: { currencyId, amountUnits: units } });
    const won = await paidLive(browser, request, "Crystal bow", 2000, grants("1000"));
    await won.context.close();
    const balance = () => page.getByTestId("player-balance-ARC");
    await openPortal(page, s, `/players/${encodeURIComponent(won.userRef)}`, "live");
    await expect(balance()).toHaveText(/^\s*1,000\s+ARC\s*$/);

    // the card holder's bank disputes the charge: Stripe (the double) sends charge.dispute.created, signed, and the app takes it
    const d = await double.dispute(won.pi, { reason: "product_not_received" });
    const due = new Date(d.evidence_details.due_by! * 1000);
    const created = double.state.deliveries.filter(
      (x) => x.type === "charge.dispute.created" && double.state.events.find((e) => e.id === x.eventId)!.data.object.id === d.id,
    );
    expect(created.map((x) => [x.status, (x.body as { action?: string }).action])).toEqual([[200, "disputed"]]);

    await openPortal(page, s, "/disputes", "live");
    const listed = page.getByTestId(`dispute-${d.id}`);
    await expect(listed).toContainText(`${due.toISOString().slice(0, 10)} 23:59 UTC`);
    await expect(listed).toContainText("20.00 USD");
    await expect(listed).toContainText("product not received");
    await expect(listed).toContainText("needs response");
    await expect(listed).toContainText(`purchase ${won.purchaseId}`);
    await expect(listed.getByRole("link", { name: `Open ${d.id} at Stripe` })).toHaveAttribute("href", `https://dashboard.stripe.com/disputes/${d.id}`);
    await auditPortalPage(page, "live-disputes-open");

    // the player's page: the purchase is marked disputed, and offers no refund while the dispute decides
    await openPortal(page, s, `/players/${encodeURIComponent(won.userRef)}`, "live");
    await expect(purchaseRow(page, won.purchaseId)).toContainText("Completed Disputed");
    await expect(balance()).toHaveText(/^\s*0\s+ARC\s*$/); // what the bow granted is held back while the dispute decides
    await expect(purchaseRow(page, won.purchaseId).getByText("Refund…")).toHaveCount(0);
    await screenshot(page, "stripe-double-live-player-disputed");

    // evidence sent at Stripe: under review (charge.dispute.updated); then the bank decides for the merchant
    await double.updateDispute(d.id, { status: "under_review", hasEvidence: true });
    await openPortal(page, s, "/disputes", "live");
    await expect(page.getByTestId(`dispute-${d.id}`)).toContainText("under review");
    await double.closeDispute(d.id, "won");
    const closed = double.state.deliveries.filter(
      (x) => x.type === "charge.dispute.closed" && double.state.events.find((e) => e.id === x.eventId)!.data.object.id === d.id,
    );
    expect(closed.map((x) => [x.status, (x.body as { action?: string }).action])).toEqual([[200, "closed"]]);
    await page.reload();
    await expect(page.getByTestId(`dispute-${d.id}`)).toHaveCount(0);
    await expect(page.getByText("No open disputes.")).toBeVisible();
    await openPortal(page, s, `/players/${encodeURIComponent(won.userRef)}`, "live");
    await expect(purchaseRow(page, won.purchaseId)).toContainText("Completed Dispute won");
    await expect(balance()).toHaveText(/^\s*1,000\s+ARC\s*$/); // restored
    await expect(purchaseRow(page, won.purchaseId).getByText("Refund…")).toHaveCount(1);
    expect(await refundsOf(request, won.purchaseId)).toEqual([]);

    // a second dispute, lost: the bank gives the payer the money back; the purchase is recorded refunded and stays so
    const lostBuy = await paidLive(browser, request, "Iron shield", 900, grants("500"));
    await openPortal(page, s, `/players/${encodeURIComponent(lostBuy.userRef)}`, "live");
    await expect(balance()).toHaveText(/^\s*1,500\s+ARC\s*$/);
    const lost = await double.dispute(lostBuy.pi);
    await openPortal(page, s, "/disputes", "live");
    await expect(page.getByTestId(`dispute-${lost.id}`)).toContainText("9.00 USD");
    await double.closeDispute(lost.id, "lost");
    await page.reload();
    await expect(page.getByText("No open disputes.")).toBeVisible();
    await openPortal(page, s, `/players/${encodeURIComponent(lostBuy.userRef)}`, "live");
    await expect(purchaseRow(page, lostBuy.purchaseId)).toContainText("Refunded Dispute lost");
    await expect(balance()).toHaveText(/^\s*1,000\s+ARC\s*$/); // the shield's 500 stay clawed back
    await expect(purchaseRow(page, lostBuy.purchaseId).getByText("Refund…")).toHaveCount(0);
    await auditPortalPage(page, "live-player-dispute-lost");
    expect(await refundsOf(request, lostBuy.purchaseId)).toMatchObject([{ amount: 900, reason: "dispute_lost", provider: "stripe", externalId: lost.id }]);
    // the card network took the money back itself: no refund was asked of Stripe
    expect([...double.state.refunds.values()].filter((r) => r.payment_intent === lostBuy.pi)).toEqual([]);
    await lostBuy.player.goto(lostBuy.successUrl);
    await expect(lostBuy.player.getByRole("heading", { level: 1 })).toHaveText("Payment refunded");
    await screenshot(lostBuy.player, "stripe-double-dispute-lost-success");
    await lostBuy.context.close();
  });
});

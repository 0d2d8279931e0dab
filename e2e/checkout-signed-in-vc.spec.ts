// A linked player with a virtual-currency balance opens a checkout, signs up on the page (claiming their
// account: the mailed link, read in the development outbox, sets the password and brings them back signed in)
// and pays in Gems. The game receives Purchases.Completed for that userRef and
// the balance drops by the price.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createCurrency, createProduct, expectPurchaseHook, openRedirect } from "./checkout-support";
import {
  asNewVisitor,
  expectHostedPageBasics,
  gameHeaders,
  initiateLink,
  offsiteRequests,
  screenshot,
  seed,
  signUpOnForm,
  startReceiver,
  uniqueEmail,
  verifyEmailFromOutbox,
} from "./support";

// A seeded tenant, a browser and a real server on a shared 2-core machine: allow for a slow minute.
test.describe.configure({ timeout: 180_000 });

test("a signed-in player pays with virtual currency", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const headers = gameHeaders(s);
    const email = uniqueEmail("gems");
    const { sessionKey } = await initiateLink(request, s, email);
    const approved = await request.post(`/api/v1/test-helpers/link-sessions/${sessionKey}/approve`, { headers, data: {} });
    const { userRef } = await approved.json();
    const code = `GEM${randomUUID()
      .slice(0, 4)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, "X")}`;
    const currencyId = await createCurrency(request, s, code);
    const credit = await request.post("/api/v1/vc/credits", {
      headers: { ...headers, "idempotency-key": randomUUID() },
      data: { currencyId, userRef, amountUnits: "1000", orderId: `o-${randomUUID()}` },
    });
    expect(credit.status()).toBe(201);
    const item = await createProduct(request, s, { name: "Crystal Shield", price: 299, virtualCurrencyPrices: [{ currencyId, amount: 300 }] });
    const url = await openRedirect(request, s, { itemId: item._id, checkoutmethod: "vc" });

    const offsite = offsiteRequests(page, baseURL!);
    await asNewVisitor(page);
    await page.goto(url);
    // a guest is not offered the game balance: the page says how to use it
    await expect(page.getByRole("radio", { name: /Gems/ })).toHaveCount(0);
    await expect(page.getByRole("radio", { name: /Card/ })).toBeChecked();
    await expect(page.getByTestId("method-note")).toHaveText("As a guest you pay by card. Sign in below to pay from your wallet or game balance.");
    await page.getByText("Have an account? Sign in").click();
    const auth = page.locator("details");
    await signUpOnForm(page, { email, password: "a-good-password", within: auth });
    await verifyEmailFromOutbox(page, { email, password: "a-good-password" });
    await expect(page).toHaveURL(url);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    const gems = page.getByRole("radio", { name: /Gems/ });
    await expect(gems).toBeEnabled();
    await expect(gems).toBeChecked();
    await expect(page.getByText(`Your balance: 1,000 ${code}`)).toBeVisible();
    await expectHostedPageBasics(page);
    await screenshot(page, "checkout-signed-in-vc");

    await expect(page.getByTestId("method-note")).toHaveCount(0);
    await page.getByRole("button", { name: `Pay 300 ${code}` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
    await expect(page.getByText(`You paid 300 ${code} for Crystal Shield.`)).toBeVisible();
    await screenshot(page, "checkout-signed-in-vc-success");

    const done = await expectPurchaseHook(receiver.hooks, s.game.webhookSecret, "Purchases.Completed", (d) => d.itemId === item._id);
    expect(done.data).toMatchObject({ amount: 300, currency: code, paymentProvider: "virtual_currency", user_ref: userRef });
    const balance = await request.get(`/api/v1/vc/balances?currencyId=${currencyId}&userRef=${userRef}`, { headers });
    expect(await balance.json()).toMatchObject({ balanceUnits: "700" });
    expect(offsite).toEqual([]);
  } finally {
    receiver.close();
  }
});

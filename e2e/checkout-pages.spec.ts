// The checkout's other pages, as a payer meets them: an expired grant (with the way back to the game's
// store), the page Stripe's cancel URL lands on after a failed card payment, and a game's own dark theme
// (saved through PUT /v1/game/theme, which checks its contrast) with the form's errors on it.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createGrant, createProduct, expectPurchaseHook, GAME_LINKS, openRedirect, payForm, setGameSettings, typeCard } from "./checkout-support";
import { expectHostedPageBasics, gameHeaders, screenshot, seed, startReceiver, uniqueEmail } from "./support";

// A seeded tenant, a browser and a real server on a shared 2-core machine: allow for a slow minute.
test.describe.configure({ timeout: 180_000 });

test("an expired grant says so and leads back to the game's store", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const game = await setGameSettings(request, s, GAME_LINKS);
    const item = await createProduct(request, s, { name: "Old Offer", price: 300 });
    const grant = await createGrant(request, s, { itemId: item._id });
    const expired = await request.post("/api/v1/test-helpers/checkout-grants/expire", {
      headers: { ...gameHeaders(s), "idempotency-key": randomUUID() },
      data: { url: grant.checkoutUrl },
    });
    expect(expired.status(), await expired.text()).toBe(200);
    await page.goto(grant.checkoutUrl);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This checkout has expired");
    await expect(page.getByText("Checkout links last 2 hours. Nothing was charged.")).toBeVisible();
    await expect(page.locator("main").getByRole("link", { name: `Back to ${game.name}` })).toHaveAttribute("href", GAME_LINKS.storeUrl);
    await expectHostedPageBasics(page);
    await screenshot(page, "checkout-expired");
  } finally {
    receiver.close();
  }
});

test("the cancel page of a card payment that did not go through offers the checkout again and the store", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const game = await setGameSettings(request, s, GAME_LINKS);
    const item = await createProduct(request, s, { name: "Comet Skin", price: 450 });
    const url = await openRedirect(request, s, { itemId: item._id });
    await page.goto(url);
    await payForm(page).getByLabel("Email").fill(uniqueEmail("cancel"));
    await typeCard(page, { number: "4000 0000 0000 0002" });
    await page.getByRole("button", { name: "Pay USD 4.50" }).click();
    await expect(page.getByTestId("pay-alert")).toBeVisible();
    const failed = await expectPurchaseHook(receiver.hooks, s.game.webhookSecret, "Purchases.Failed", (d) => d.itemId === item._id);
    // the URL Stripe would send the payer back to (signed with the server's secret, as the server does)
    process.env.COINOP_SECRET = "e2e-only-coinop-secret-never-use-in-production-0123456789";
    const { cancelUrlPath } = await import("../lib/checkout/sign-url");
    await page.goto(cancelUrlPath(failed.data.purchaseId));
    await expect(page).toHaveTitle(`Card payment canceled — ${game.name}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This card payment did not go through");
    await expect(page.getByRole("link", { name: "Return to checkout" })).toHaveAttribute("href", new URL(url).pathname);
    await expect(page.locator("main").getByRole("link", { name: `Back to ${game.name}` })).toHaveAttribute("href", GAME_LINKS.storeUrl);
    await expectHostedPageBasics(page);
    await screenshot(page, "checkout-cancel");
  } finally {
    receiver.close();
  }
});

test("a game's dark theme, refused until its text is readable, carries the form and its errors", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const dark = {
      backgroundColor: "#111827",
      pageBackgroundColor: "#030712",
      borderColor: "#374151",
      primaryFontColor: "#f9fafb",
      contentTextColor: "#e5e7eb",
      contentLabelColor: "#9ca3af",
      lineItemsFontColor: "#d1d5db",
      priceOverrideColor: "#fbbf24",
      primaryButtonColor: "#fbbf24",
      primaryButtonFontColor: "#ffffff",
      secondaryButtonColor: "#1f2937",
      secondaryButtonFontColor: "#f9fafb",
    };
    const refused = await request.put("/api/v1/game/theme", { headers: gameHeaders(s), data: dark });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: "THEME_CONTRAST_TOO_LOW",
      details: [{ field: "primaryButtonFontColor", message: "primaryButtonFontColor #ffffff on primaryButtonColor #fbbf24 is 1.66:1; needs at least 4.5:1" }],
    });
    const saved = await request.put("/api/v1/game/theme", { headers: gameHeaders(s), data: { ...dark, primaryButtonFontColor: "#111827" } });
    expect(saved.status(), await saved.text()).toBe(200);
    const item = await createProduct(request, s, { name: "Night Pack", price: 700 });
    await page.goto(await openRedirect(request, s, { itemId: item._id }));
    await page.getByRole("button", { name: "Pay USD 7.00" }).click();
    await expect(page.getByTestId("error-email")).toHaveText("Enter your email address.");
    // the inline error is light red on the dark card
    expect(await page.getByTestId("error-email").evaluate((e) => getComputedStyle(e).color)).toBe("rgb(252, 165, 165)");
    await expectHostedPageBasics(page);
    await screenshot(page, "checkout-dark-theme");
  } finally {
    receiver.close();
  }
});

// A refund from the portal, and the player's view of it (issue 31), in a real browser against the production build:
// a guest pays a checkout grant by card (the sandbox); the seed's developer (owner and admin of its business) opens
// the player's page, refunds part of the purchase with a reason; the game gets Purchases.Refunded; the player's
// success page, under the same reference, now says what came back. The disputes page lists none. Pages are audited
// with axe and saved as screenshots.
import { expect, test } from "@playwright/test";
import { createGrant, createProduct, expectPurchaseHook, typeCard } from "./checkout-support";
import { auditPortalPage, openPortal, signInToPortal } from "./portal-support";
import { screenshot, startReceiver, uniqueEmail } from "./support";

test.describe.configure({ timeout: 240_000 });

test("a purchase refunded from the portal; the player's success page shows the refund", async ({ page, browser, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await signInToPortal(page, baseURL!, receiver.url);
    const item = await createProduct(page.request, s, { name: "Golden Sword", price: 600 });
    const email = uniqueEmail("refund");
    const grant = await createGrant(page.request, s, { itemId: item._id, email });

    // the player, in a browser of their own, pays as a guest
    const playerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const player = await playerContext.newPage();
    await player.goto(grant.checkoutUrl);
    await typeCard(player, { number: "4242 4242 4242 4242" });
    await player.getByRole("button", { name: "Pay USD 6.00" }).click();
    await expect(player.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
    const reference = (await player.getByTestId("reference").textContent())!;
    const successUrl = player.url();
    const purchaseId = new URL(successUrl).pathname.split("/").pop()!;

    // the developer refunds USD 2.00 of it from the player's page
    await openPortal(page, s, `/players/${encodeURIComponent(grant.userRef)}`);
    const row = page.getByTestId(`purchase-${purchaseId}`);
    await expect(row).toContainText("Completed");
    await row.getByText("Refund…").click();
    const form = row.getByRole("form", { name: "Refund the purchase of Golden Sword" });
    await form.getByLabel(/^Amount/).fill("200");
    await form.getByLabel("Reason").selectOption("requested_by_customer");
    await form.getByLabel("Note (optional)").fill("Asked by email");
    await form.getByRole("button", { name: "Refund" }).click();
    await expect(form.getByRole("status")).toHaveText("Refunded 200 (USD); the purchase is now partially refunded.");
    await page.reload();
    await expect(page.getByTestId(`purchase-${purchaseId}`)).toContainText("Partly refunded");
    await auditPortalPage(page, "player-refund");

    const hook = await expectPurchaseHook(receiver.hooks, s.game.webhookSecret, "Purchases.Refunded", (d) => d.purchaseId === purchaseId);
    expect(hook.data).toMatchObject({ status: "partially_refunded", refund: { amount: 200, reason: "requested_by_customer", refundedAmount: 200 } });

    // the player's success page, under the same reference, says what came back
    await player.goto(successUrl);
    await expect(player.getByRole("heading", { level: 1 })).toHaveText("Payment partly refunded");
    await expect(player.getByTestId("refunded")).toHaveText(
      "USD 2.00 of the USD 6.00 you paid for Golden Sword was refunded. It goes back the way you paid: to your card, your wallet or your balance.",
    );
    await expect(player.getByTestId("reference")).toHaveText(reference);
    await screenshot(player, "refund-success-page");
    await playerContext.close();

    // the disputes page: none open (disputes come from Stripe on live card payments)
    await openPortal(page, s, "/disputes");
    await expect(page.getByRole("heading", { level: 1, name: "Disputes" })).toBeVisible();
    await expect(page.getByText("No open disputes.")).toBeVisible();
    await auditPortalPage(page, "disputes");
  } finally {
    await receiver.close();
  }
});

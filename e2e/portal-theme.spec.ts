// The checkout theme editor in a real browser against the production build: the seed's developer opens
// the theme of the seed's game from its page, changes colours and sees the live preview (the real hosted
// checkout, framed) repaint before saving, sees a low-contrast pair flagged, saves, and then the real hosted
// checkout of a new grant shows the saved colours. The editor fits the width and passes axe (with the framed
// preview) on the desktop (the phone: portal-phone.spec), and is saved as screenshots.
import { expect, test, type FrameLocator, type Locator, type Page } from "@playwright/test";
import { createGrant, createProduct } from "./checkout-support";
import { auditPortalPage, openPortal, signInToPortal } from "./portal-support";
import { screenshot, startReceiver } from "./support";

test.describe.configure({ timeout: 240_000 });

const bg = (l: Locator) => l.evaluate((e) => getComputedStyle(e).backgroundColor);
/** The checkout's outermost themed element (CheckoutShell: lang + the page colour). */
const shell = (f: Page | FrameLocator) => f.locator("div[lang]").first();
const payButton = (f: Page | FrameLocator) => f.getByRole("button", { name: /^Pay USD/ });

test("edit the checkout theme: the preview follows the form before saving; after saving the real checkout shows it", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await signInToPortal(page, baseURL!, receiver.url);
    const item = await createProduct(request, s, { name: "Star Pack", price: 1250 });

    // from the game's page
    await openPortal(page, s, `/games/${s.game.gameId}`);
    await page.getByRole("link", { name: /^Checkout theme/ }).click();
    await expect(page).toHaveURL(new RegExp(`/games/${s.game.gameId}/theme$`));
    await expect(page.getByRole("heading", { level: 1, name: "Checkout theme" })).toBeVisible();

    // the preview is the real checkout of the game's item, in the store theme
    const preview = page.frameLocator('iframe[title="Checkout preview"]');
    await expect(preview.getByText("Star Pack").first()).toBeVisible();
    await expect(payButton(preview)).toBeVisible();
    expect(await bg(payButton(preview))).toBe("rgb(15, 23, 42)");
    expect(await bg(shell(preview))).toBe("rgb(241, 245, 249)");

    // change two colours: the preview repaints, nothing is saved yet
    const form = page.getByRole("form", { name: "Checkout theme" });
    await form.getByLabel("Primary button", { exact: true }).fill("#7c3aed");
    await form.getByLabel("Page background", { exact: true }).fill("#fefce8");
    await expect.poll(() => bg(payButton(preview)), { timeout: 15_000 }).toBe("rgb(124, 58, 237)");
    await expect.poll(() => bg(shell(preview))).toBe("rgb(254, 252, 232)");
    expect(
      (
        await (
          await request.get(`/api/v1/checkout/theme?gameId=${s.game.gameId}&itemId=${item._id}`, {
            headers: { authorization: `Bearer ${s.game.serverKey}`, "x-game-id": s.game.gameId },
          })
        ).json()
      ).primaryButtonColor,
    ).toBe("#0f172a");

    // a pair below 4.5:1 is flagged as you type, and refused on save with the API's words
    await form.getByLabel("Body text", { exact: true }).fill("#eeeeee");
    await expect(page.getByTestId("contrast-status")).toContainText("contentTextColor #eeeeee on backgroundColor #ffffff");
    await form.getByRole("button", { name: "Save theme" }).click();
    await expect(form.getByRole("alert")).toContainText("below the 4.5:1 contrast");
    await form.getByLabel("Body text", { exact: true }).fill("");
    await expect(page.getByTestId("contrast-status")).toHaveText("Every text colour reads at 4.5:1 or better.");

    await auditPortalPage(page, "theme");

    // save
    await form.getByRole("button", { name: "Save theme" }).click();
    await expect(form.getByRole("status")).toHaveText("Theme saved. New and open checkouts of this game now use it.");
    await page.reload();
    await expect(page.getByRole("form", { name: "Checkout theme" }).getByLabel("Primary button", { exact: true })).toHaveValue("#7c3aed");

    // the real hosted checkout of a new grant
    const grant = await createGrant(request, s, { itemId: item._id, email: "theme-buyer@example.com" });
    await page.goto(grant.checkoutUrl);
    await expect(payButton(page)).toBeVisible();
    expect(await bg(payButton(page))).toBe("rgb(124, 58, 237)");
    expect(await bg(shell(page))).toBe("rgb(254, 252, 232)");
    await screenshot(page, "portal-theme-checkout");
  } finally {
    receiver.close();
  }
});

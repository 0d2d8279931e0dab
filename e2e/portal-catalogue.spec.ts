// The portal's catalogue in a real browser against the production build: the seed's developer creates a
// product and a deal on it in the portal, and a guest buys it at the hosted checkout with the deal's code
// (the discounted price on the page, in the line items and in Purchases.Completed); a player's product,
// made, illustrated and submitted through the API with the seed's key, waits in the review queue with its
// image and is approved there with a price override. Every portal page fits the width, passes axe and is saved
// as a screenshot, on the desktop (the phone: portal-phone.spec).
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectPurchaseHook, openRedirect, typeCard } from "./checkout-support";
import { auditPortalPage, openPortal, signInToPortal } from "./portal-support";
import { gameHeaders, initiateLink, screenshot, startReceiver, uniqueEmail } from "./support";

// The seed, several portal pages under axe and a checkout on a shared 2-core machine.
test.describe.configure({ timeout: 240_000 });

/** The smallest valid PNG (1×1). */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

test("a developer creates a product and a deal in the portal; a guest buys with the code at the discounted price", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const receiver = await startReceiver();
  try {
    const s = await signInToPortal(page, baseURL!, receiver.url);
    await openPortal(page, s, "/catalogue");
    await expect(page.getByRole("heading", { level: 1, name: "Catalogue" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Catalogue" }).getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page");

    // a product, made in the portal
    const name = `Dragon Pack ${randomUUID().slice(0, 6)}`;
    await page.locator("summary", { hasText: "New product in" }).click();
    const create = page.getByRole("form", { name: /^New product in / });
    await create.getByLabel("Name").fill(name);
    await create.getByLabel("Price (USD)").fill("9.999");
    await create.getByRole("button", { name: "Create product" }).click();
    // refused by the server, its message under the field
    await expect(create.getByRole("alert")).toContainText("Check the field marked below.");
    await expect(create.getByLabel("Price (USD)")).toHaveAttribute("aria-invalid", "true");
    await expect(create).toContainText("Enter a USD price from 0 to 1,000,000, like 4.99 (at most 2 decimals).");
    await create.getByLabel("Price (USD)").fill("9.99");
    await create.getByLabel("Image URL").fill(`${baseURL}/favicon.svg`);
    await create.getByRole("button", { name: "Create product" }).click();
    await expect(create.getByRole("status")).toHaveText(`Product “${name}” created.`);
    const product = page.locator("li", { has: page.getByRole("heading", { level: 3, name }) });
    await expect(product.getByTestId("price-line")).toHaveText("USD 9.99");
    const itemId = (await product.getAttribute("data-testid"))!.replace("product-", "");
    await auditPortalPage(page, "catalogue");

    // a deal on it, in the portal
    await page.getByRole("navigation", { name: "Catalogue" }).getByRole("link", { name: "Deals" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Deals" })).toBeVisible();
    await page.locator("summary", { hasText: "New deal in" }).click();
    const newDeal = page.getByRole("form", { name: /^New deal in / });
    await newDeal.getByLabel("Item").selectOption(itemId);
    await newDeal.getByLabel("Code").fill("LAUNCH40");
    await newDeal.getByLabel("Deal price").fill("599");
    await newDeal.getByRole("button", { name: "Create deal" }).click();
    await expect(newDeal.getByRole("status")).toHaveText("Deal “LAUNCH40” created (active).");
    const deal = page.locator("li", { hasText: "LAUNCH40" });
    await expect(deal.getByTestId("deal-price")).toHaveText("USD 5.99");
    await expect(deal).toContainText("instead of USD 9.99");
    await expect(deal.getByText("Active", { exact: true })).toBeVisible();
    // the same code again on the item is refused, in any case
    await newDeal.getByLabel("Item").selectOption(itemId);
    await newDeal.getByLabel("Code").fill("launch40");
    await newDeal.getByLabel("Deal price").fill("500");
    await newDeal.getByRole("button", { name: "Create deal" }).click();
    await expect(newDeal.getByRole("alert")).toHaveText('This item already has a deal with code "launch40".');
    await auditPortalPage(page, "deals");

    // deactivated, the code is refused at checkout; active again, it works
    await deal.getByRole("button", { name: "Deactivate" }).click();
    await expect(deal.getByRole("status")).toHaveText("Deal “LAUNCH40” is inactive.");
    const refused = await request.get(`/api/v1/checkout/redirect?${new URLSearchParams({ gameId: s.game.gameId, itemId, dealCode: "LAUNCH40" })}`, {
      headers: gameHeaders(s),
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).code).toBe("INVALID_DEAL");
    await deal.getByRole("button", { name: "Activate" }).click();
    await expect(deal.getByRole("status")).toHaveText("Deal “LAUNCH40” is active.");

    // a guest (another browser: this one is signed in as the developer) buys with the code at the hosted checkout
    const url = await openRedirect(request, s, { itemId, checkoutmethod: "card", dealCode: "launch40" });
    const guestContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const guest = await guestContext.newPage();
    await guest.goto(url);
    await expect(guest.getByTestId("price")).toHaveText("USD 5.99");
    await expect(guest.locator("s")).toHaveText("USD 9.99");
    await expect(guest.getByText("Deal LAUNCH40 applied: you save USD 4.00")).toBeVisible();
    await expect(guest.getByTestId("total-row")).toHaveText(/Total\s*USD\s5\.99/);
    await guest.getByRole("region", { name: "Pay as a guest" }).getByLabel("Email").fill(uniqueEmail("deal"));
    await typeCard(guest, { number: "4242 4242 4242 4242" });
    await guest.getByRole("button", { name: "Pay USD 5.99" }).click();
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
    await expect(guest.getByTestId("paid")).toContainText("You paid USD 5.99");
    await screenshot(guest, "portal-deal-checkout-success");
    await guestContext.close();
    const done = await expectPurchaseHook(receiver.hooks, s.game.webhookSecret, "Purchases.Completed", (d) => d.itemId === itemId);
    expect(done.data).toMatchObject({ amount: 599, currency: "USD", dealCode: "LAUNCH40" });
  } finally {
    receiver.close();
  }
});

test("a player's product, submitted through the API, is approved in the review queue with its image shown", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await signInToPortal(page, baseURL!, receiver.url);
    const headers = { ...gameHeaders(s), "idempotency-key": randomUUID() };
    const idem = () => ({ ...gameHeaders(s), "idempotency-key": randomUUID() });
    // the player links their account (test helper), then makes, illustrates and submits a product
    const { sessionKey } = await initiateLink(request, s, uniqueEmail("maker"));
    const approved = await request.post(`/api/v1/test-helpers/link-sessions/${sessionKey}/approve`, { headers, data: {} });
    expect(approved.status(), await approved.text()).toBe(200);
    const { userRef } = (await approved.json()) as { userRef: string };
    const name = `Wizard Hat ${randomUUID().slice(0, 6)}`;
    const made = await request.post(`/api/v1/products/${userRef}`, {
      headers: idem(),
      data: { name, type: "purchase", description: "A hat with stars on it.", price: 300 },
    });
    expect(made.status(), await made.text()).toBe(201);
    const productId = (await made.json())._id as string;
    const image = await request.post(`/api/v1/products/${userRef}/${productId}/image`, {
      headers: idem(),
      multipart: { file: { name: "hat.png", mimeType: "image/png", buffer: PNG } },
    });
    expect(image.status(), await image.text()).toBe(200);
    const { imageUrl } = (await image.json()) as { imageUrl: string };
    const submitted = await request.post(`/api/v1/products/${userRef}/${productId}/submit`, { headers: idem() });
    expect(submitted.status(), await submitted.text()).toBe(200);

    await openPortal(page, s, "/reviews");
    await expect(page.getByRole("heading", { level: 1, name: "Player-made products" })).toBeVisible();
    await expect(page.getByTestId("waiting")).toContainText("1 product is waiting for review.");
    const item = page.getByTestId(`review-${productId}`);
    const img = item.getByRole("img", { name: `Image of ${name}, as the creator uploaded it` });
    await expect(img).toHaveAttribute("src", imageUrl);
    // the image is really shown (loaded, not a broken icon)
    await expect.poll(() => img.evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(item).toContainText("USD 3.00");
    await expect(item).toContainText(userRef);
    await auditPortalPage(page, "reviews");

    // approved with a price override
    const approve = item.getByRole("form", { name: `Approve ${name}` });
    await approve.getByLabel("USD price (cents)").fill("450");
    await approve.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByTestId("waiting")).toContainText("Nothing is waiting for review.");
    const decided = page.getByTestId(`decided-${productId}`);
    await expect(decided).toContainText("Approved");
    await expect(decided).toContainText("USD 4.50");
    await auditPortalPage(page, "reviews-decided");

    const after = await request.get(`/api/v1/product/${productId}`, { headers: gameHeaders(s) });
    expect(await after.json()).toMatchObject({ status: "active", isVisible: true, forSale: true, price: 450, imageUrl, creatorUserRef: userRef });
  } finally {
    receiver.close();
  }
});

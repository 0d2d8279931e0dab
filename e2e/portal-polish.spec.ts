// The portal's polish (issue 30, items 8, 9, 11–16), at 1280×800 and 390×844 (this spec runs in both projects):
// the phone menu; the overview's badge following Test/Live; revoking a key only through a dialog that names it;
// the players list opening on the most recent players; the product form in dollars with only its fulfilment's
// fields and inline errors; the audit log in sentences with links; the webhook log updating without a reload,
// with a retry's next attempt; the theme preview on an item a guest can pay by card. Each page passes axe and
// is saved as a screenshot.
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { auditPortalPage, openPortal, signInToPortal, type PortalSeed } from "./portal-support";
import { gameHeaders, startReceiver } from "./support";

test.describe.configure({ timeout: 240_000 });

const isPhone = () => test.info().project.name === "phone";
const shot = (page: Page, name: string) => auditPortalPage(page, `polish-${name}-${test.info().project.name}`);

/** A link of the portal's navigation, through the phone's menu when there is one. */
const navTo = async (page: Page, label: string) => {
  const nav = page.getByRole("navigation", { name: "Portal" });
  if (isPhone()) {
    const menu = nav.getByRole("button", { name: /^Menu/ });
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
  }
  await nav.getByRole("link", { name: label, exact: true }).click();
};

test("the portal's polish, page by page", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  let s: PortalSeed;
  try {
    s = await signInToPortal(page, baseURL!, receiver.url);
    const headers = gameHeaders(s);

    // 16 + 9: the overview in live says Live, not "Test mode"; the sections are one tap away on a phone
    await openPortal(page, s, "", "live");
    const nav = page.getByRole("navigation", { name: "Portal" });
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    // the badge beside the heading: "Live", no "Test mode" badge
    await expect(page.locator("main").getByText("Test mode", { exact: true })).toHaveCount(0);
    await expect(page.locator("main").getByText("Live", { exact: true }).first()).toBeVisible();
    if (isPhone()) {
      const menu = nav.getByRole("button", { name: /^Menu/ });
      await expect(menu).toHaveAttribute("aria-expanded", "false");
      await expect(nav.getByRole("link", { name: "Players", exact: true })).toBeHidden();
      await menu.click();
      await expect(nav.getByRole("link", { name: "Players", exact: true })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Audit log", exact: true })).toBeVisible();
      await shot(page, "menu-open");
      await page.keyboard.press("Escape");
      await expect(menu).toHaveAttribute("aria-expanded", "false");
      await expect(menu).toBeFocused();
    } else {
      await expect(nav.getByRole("button", { name: /^Menu/ })).toBeHidden();
      await expect(nav.getByRole("link", { name: "Members", exact: true })).toBeVisible();
    }
    await shot(page, "overview-live");
    await openPortal(page, s, "");
    await expect(page.locator("main").getByText("Test mode", { exact: true }).first()).toBeVisible();

    // 8: a key rotated (its new value in a dialog of its own), then revoked in its grace only through a dialog
    await navTo(page, "API keys");
    await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
    const label = `polish-${randomUUID().slice(0, 6)}`;
    const create = page.getByRole("form", { name: /^Create a key for / }).first();
    await create.getByLabel("Label of the new key").fill(label);
    await create.getByRole("button", { name: "Create key" }).click();
    await expect(create.getByTestId("raw-key")).toBeVisible();
    await page.reload();
    const prefix = (await page.locator("li[data-prefix]", { hasText: label }).getAttribute("data-prefix"))!;
    // the rotation adds a replacement with the same label: the old key is the one with this prefix
    const item = page.locator(`li[data-prefix="${prefix}"]`);
    await item
      .getByRole("form", { name: `Rotate key ${prefix}` })
      .getByRole("button", { name: "Rotate" })
      .click();
    const secret = page.getByRole("dialog", { name: /^Your new key/ });
    await expect(secret).toBeVisible();
    await expect(secret.getByTestId("raw-key")).toHaveText(/^service_server_test_/);
    await shot(page, "key-rotated-dialog");
    await page.keyboard.press("Escape");
    await expect(secret).toBeHidden();
    await expect(item).toContainText(/Expires in 6 days 23 hours|Expires in 7 days/);
    await item.getByRole("button", { name: "Revoke…" }).click();
    const confirm = page.getByRole("dialog", { name: `Revoke “${label}”?` });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(`Key ${prefix}…`);
    await expect(confirm).toContainText("gets 401");
    await expect(confirm).toContainText("revoking ends that grace period now");
    await shot(page, "key-revoke-dialog");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(item).toContainText("Expires in");
    await item.getByRole("button", { name: "Revoke…" }).click();
    await confirm.getByRole("button", { name: "Revoke key" }).click();
    await expect(item).toContainText("Revoked");

    // 11: players open on the most recent, with counts, filters and pages
    const initiated = await request.post("/api/v1/users/link/initiate", { headers, data: { email: `polish-${randomUUID().slice(0, 8)}@example.com` } });
    expect(initiated.status()).toBe(201);
    const approved = await request.post(`/api/v1/test-helpers/link-sessions/${(await initiated.json()).sessionKey}/approve`, { headers, data: {} });
    expect(approved.status()).toBe(200);
    const { userRef } = (await approved.json()) as { userRef: string };
    await navTo(page, "Players");
    await expect(page.getByRole("heading", { level: 2, name: /players?, most recent first$/ })).toBeVisible();
    await expect(page.getByTestId(`hit-${userRef}`)).toBeVisible();
    await expect(page.getByTestId("players-count-active")).not.toHaveText("0");
    await shot(page, "players");
    await page.getByLabel("Status").selectOption("unlinked");
    await page.getByRole("search", { name: "Search players" }).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/status=unlinked/);
    await expect(page.getByTestId(`hit-${userRef}`)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Show all players" })).toBeVisible();

    // 12: the product form: dollars, only the chosen fulfilment's fields, the server's messages under the fields
    await navTo(page, "Catalogue");
    await page.locator("summary", { hasText: "New product in" }).first().click();
    const form = page.getByRole("form", { name: /^New product in / }).first();
    await expect(form.getByLabel("Keys for the pool")).toHaveCount(0);
    await form.getByLabel("Fulfilment").selectOption("KEY_DELIVERY");
    await expect(form.getByLabel("Keys for the pool")).toBeVisible();
    await form.getByLabel("Fulfilment").selectOption("NONE");
    await expect(form.getByLabel("Keys for the pool")).toHaveCount(0);
    await form.getByRole("button", { name: "Create product" }).click();
    await expect(form.getByRole("alert")).toContainText("marked below");
    await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await shot(page, "product-form-errors");
    const productName = `Polish Pack ${randomUUID().slice(0, 4)}`;
    await form.getByLabel("Name").fill(productName);
    await form.getByLabel("Price (USD)").fill("4.99");
    await form.getByRole("button", { name: "Create product" }).click();
    await expect(form.getByRole("status")).toHaveText(`Product “${productName}” created.`);
    await expect(page.locator("li", { has: page.getByRole("heading", { level: 3, name: productName }) }).getByTestId("price-line")).toHaveText("USD 4.99");

    // 13: the audit log in sentences, linked to the objects
    await navTo(page, "Audit log");
    // the table on a desktop, the cards on a phone: the one shown
    const sentences = page.locator('[data-testid="audit-sentence"]:visible');
    const revoked = sentences.filter({ hasText: `Revoked API key “${label}” (${prefix}…)` }).first();
    await expect(revoked).toBeVisible();
    await expect(sentences.filter({ hasText: `Created the product “${productName}”` }).first()).toBeVisible();
    await expect(page.locator("main")).not.toContainText('{"prefix"');
    await shot(page, "audit");
    await revoked.locator("xpath=..").getByRole("link", { name: "Open API keys" }).click();
    await expect(page).toHaveURL(/\/keys#key-/);
    await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();

    // 14: the webhook log shows a test event without a reload, and a failing endpoint's next attempt
    await navTo(page, "Webhooks");
    await expect(page.getByTestId("webhook-log-live")).toContainText("Live");
    const add = page.getByRole("form", { name: /^Add an endpoint to / }).first();
    await add.getByLabel("URL").fill("http://127.0.0.1:9/closed");
    await add.getByLabel("Description").fill("Closed port");
    await add.getByRole("button", { name: "Add endpoint" }).click();
    await expect(add.getByRole("status").first()).toContainText("Endpoint added");
    await page.reload();
    const before = await page.locator('[data-testid^="delivery-"]').count();
    const closed = page.getByRole("form", { name: "Send a test event to Closed port" });
    await closed.getByRole("button", { name: "Send test event" }).click();
    await expect(closed.getByRole("status")).toContainText("Test event sent");
    // no reload: the poller brings the new delivery in, then its retry's next attempt
    await expect(page.locator('[data-testid^="delivery-"]')).toHaveCount(before + 1, { timeout: 20_000 });
    await expect(page.locator('[data-testid^="delivery-"][data-status="retrying"]').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("next-attempt").first()).toContainText(/Next attempt \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \((in .+|due now)\)/);
    await shot(page, "webhooks-live");

    // 15: the theme preview pays by card even when the newest item is GEM-only
    const currency = await request.post("/api/v1/vc/currencies", {
      headers: { ...headers, "idempotency-key": randomUUID() },
      data: { code: `G${randomUUID().slice(0, 4).toUpperCase()}`, name: "Gems" },
    });
    expect(currency.status()).toBe(201);
    const gemOnly = await request.post("/api/v1/product", {
      headers: { ...headers, "idempotency-key": randomUUID() },
      data: { name: "Gem-only shield", type: "purchase", virtualCurrencyPrices: [{ currencyId: (await currency.json()).currency._id, amount: 40 }] },
    });
    expect(gemOnly.status()).toBe(201);
    await page.goto(`/portal/${s.business.businessId}/games/${s.game.gameId}/theme/preview?primaryButtonColor=%23123456`);
    await expect(page.getByRole("button", { name: /^Pay USD\s[\d,.]+$/ })).toBeVisible();
    await expect(page.getByText("Gem-only shield")).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

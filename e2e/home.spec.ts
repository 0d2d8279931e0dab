// The landing page and the API reference, on a desktop and a phone viewport. Screenshots are kept in
// test-results/screenshots/. Every request must stay on this server: the docs work offline.
import { expect, test, type Page } from "@playwright/test";
import { expectApiReferenceRendered, offsiteRequests, screenshot } from "./support";

/** Nothing may be wider than the viewport: on a phone that means sideways scrolling. */
const expectNoHorizontalOverflow = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test("the landing page introduces Coinop and links to the docs", async ({ page, baseURL }) => {
  const offsite = offsiteRequests(page, baseURL!);
  await page.goto("/");
  await expect(page).toHaveTitle("Coinop: the commerce and rewards backend for your game");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The commerce and rewards backend for your game");
  await expect(page.getByRole("link", { name: /Read the API reference/ })).toHaveAttribute("href", "/docs");
  await expect(page.getByRole("link", { name: "Download openapi.json" })).toHaveAttribute("href", "/api/v1/openapi.json");
  // the way in for a newcomer: the portal's sign-up and sign-in
  await expect(page.getByRole("link", { name: /Create an account/ })).toHaveAttribute("href", "/portal?mode=signup");
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute("href", "/portal");
  await expect(page.getByRole("link", { name: "Sign in to the developer portal" })).toHaveAttribute("href", "/portal");
  await expect(page.getByRole("heading", { name: "Quick start" })).toBeVisible();
  await expect(page.getByText("npm run dev", { exact: false }).first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "home");
  expect(offsite).toEqual([]);
});

test("the API reference renders the OpenAPI document offline", async ({ page, baseURL }) => {
  const offsite = offsiteRequests(page, baseURL!);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/docs");
  await expectApiReferenceRendered(page);
  await screenshot(page, "docs", { fullPage: false });
  expect(errors).toEqual([]);
  expect(offsite).toEqual([]);
});

test("the OpenAPI document is public JSON", async ({ request }) => {
  const res = await request.get("/api/v1/openapi.json");
  expect(res.status()).toBe(200);
  const doc = await res.json();
  expect(doc.openapi).toBe("3.1.0");
  expect(doc.paths["/v1/game"].get.summary).toBeTruthy();
});

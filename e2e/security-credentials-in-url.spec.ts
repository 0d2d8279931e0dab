// A password typed before the page's JavaScript has run must never end up in a URL (browser history, server
// and proxy logs, the Referer of the next page). The hosted sign-in, the developer login and the fund page
// handle their submit in JavaScript; without it the browser submits the form natively. Every such form is
// method="post", so a native submit carries the fields in the body, never in the query string.
import { expect, test } from "@playwright/test";

const SECRET = "Native-Submit-Password-1!";

test("forms submitted before hydration (JavaScript off) keep the password out of the URL", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const seen: string[] = [];
  page.on("request", (r) => seen.push(r.url()));
  try {
    // the hosted sign-in (the portal's sign-in card uses it)
    await page.goto("/portal");
    const signIn = page.getByRole("form").first();
    await signIn.getByLabel("Email").fill("someone@example.com");
    await signIn.getByLabel("Password").fill(SECRET);
    await expect(signIn).toHaveAttribute("method", "post");
    await signIn.locator('button[type="submit"]').first().click();
    await page.waitForLoadState();
    // the developer login
    await page.goto("/portal/developer-login");
    const dev = page.getByRole("form", { name: "Developer login" });
    await expect(dev).toHaveAttribute("method", "post");
    await dev.getByLabel("Developer email").fill("dev@coinop.test");
    await dev.getByLabel("Developer password").fill(SECRET);
    await dev.locator('button[type="submit"]').first().click();
    await page.waitForLoadState();
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.filter((u) => u.includes(encodeURIComponent(SECRET)) || u.includes(SECRET))).toEqual([]);
    expect(page.url()).not.toContain("password");
  } finally {
    await context.close();
  }
});

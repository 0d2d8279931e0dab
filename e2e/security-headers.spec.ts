// Finding 11 of issue 9, as the attack: another site frames the hosted checkout, link and wallet pages
// (clickjacking). Against the production server: each page sends the CSP (frame-ancestors 'none'),
// X-Frame-Options, nosniff and its Referrer-Policy, still works under that CSP (no violation reported),
// and a page on another origin that embeds it in an iframe gets nothing: Chromium refuses the frame.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createGrant, createProduct } from "./checkout-support";
import { expectApiReferenceRendered, gameHeaders, initiateLink, screenshot, seed, startReceiver, uniqueEmail, type Seeded } from "./support";

/** The hosted pages of one seeded game: a checkout grant, a link session and a wallet page. */
const hostedPages = async (request: APIRequestContext, s: Seeded) => {
  const item = await createProduct(request, s, { name: "Framed Sword", price: 499 });
  const { checkoutUrl } = await createGrant(request, s, { itemId: item._id, email: uniqueEmail("frame") });
  const { sessionKey } = await initiateLink(request, s, uniqueEmail("frame-wallet"));
  const approved = await request.post(`/api/v1/test-helpers/link-sessions/${sessionKey}/approve`, { headers: gameHeaders(s), data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  const { userRef } = await approved.json();
  const manage = await request.post("/api/v1/wallet/manage", { headers: { ...gameHeaders(s), "idempotency-key": randomUUID() }, data: { userId: userRef } });
  expect(manage.status(), await manage.text()).toBe(200);
  const { url: linkUrl } = await initiateLink(request, s, uniqueEmail("frame-link"));
  return { checkout: checkoutUrl, link: linkUrl, wallet: (await manage.json()).linkUrl as string };
};

/** CSP violations the page reports in its console. */
const cspViolations = (page: Page): string[] => {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(m.text())) seen.push(m.text());
  });
  return seen;
};

/** A page on another origin that embeds `target` in an iframe, as a clickjacking site would. */
const startAttacker = async (target: string) => {
  const server = http.createServer((_req, res) =>
    res
      .writeHead(200, { "content-type": "text/html" })
      .end(
        `<!doctype html><title>Win a prize</title><h1>Click the button!</h1><iframe id="victim" src="${target}" width="800" height="600" style="opacity:0.5"></iframe>`,
      ),
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
};

test("hosted pages send the security headers, work under their CSP, and refuse to be framed", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const pages = await hostedPages(request, s);
    const violations = cspViolations(page);
    const headings: Record<string, string> = {};

    for (const [name, url] of Object.entries({ checkout: pages.checkout, link: pages.link, wallet: pages.wallet })) {
      const res = await page.goto(url);
      expect(res?.status(), name).toBe(200);
      const h = res!.headers();
      expect(h["content-security-policy"], name).toContain("frame-ancestors 'none'");
      expect(h["content-security-policy"], name).toContain("object-src 'none'");
      expect(h["x-frame-options"], name).toBe("DENY");
      expect(h["x-content-type-options"], name).toBe("nosniff");
      expect(h["referrer-policy"], name).toBe("same-origin"); // the URL is a credential
      await expect(page.getByRole("heading", { level: 1 }), name).toBeVisible();
      headings[name] = (await page.getByRole("heading", { level: 1 }).first().innerText()).trim();
      expect(headings[name].length, name).toBeGreaterThan(0);
      // hydrated and interactive under the CSP: React attached its handlers to the page's buttons
      await page.waitForLoadState("networkidle");
    }
    await screenshot(page, "security-headers-wallet");
    expect(violations).toEqual([]);

    for (const [name, url] of Object.entries({ checkout: pages.checkout, link: pages.link, wallet: pages.wallet })) {
      const attacker = await startAttacker(url);
      const framed = await page.context().newPage();
      const refused = cspViolations(framed);
      try {
        await framed.goto(attacker.url);
        await expect(framed.getByRole("heading", { name: "Click the button!" })).toBeVisible();
        await expect.poll(() => refused.length, { message: `${name}: the frame is refused` }).toBeGreaterThan(0);
        expect(refused.join("\n")).toMatch(/frame-ancestors 'none'/);
        const victim = framed.frames().find((f) => f !== framed.mainFrame())!;
        // the framed document never loads: Chromium shows its own error page instead, with nothing of ours to click
        await expect.poll(() => victim.url(), { message: name }).toBe("chrome-error://chromewebdata/");
        expect(await victim.getByText(headings[name]).count(), name).toBe(0);
        expect(await victim.locator("form").count(), name).toBe(0);
        if (name === "checkout") await screenshot(framed, "security-headers-framed-checkout", { fullPage: false });
      } finally {
        await framed.close();
        attacker.close();
      }
    }
  } finally {
    receiver.close();
  }
});

test("the landing page and the API reference keep working under their CSP", async ({ page }) => {
  const violations = cspViolations(page);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const home = await page.goto("/");
  expect(home!.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(home!.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  const docs = await page.goto("/docs");
  expect(docs!.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(docs!.headers()["x-frame-options"]).toBe("DENY");
  await expectApiReferenceRendered(page);
  await screenshot(page, "security-headers-docs", { fullPage: false });
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});

test("API responses are not sniffed", async ({ request }) => {
  const res = await request.get("/api/v1/game");
  expect(res.status()).toBe(401);
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
});

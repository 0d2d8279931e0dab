// Finding 10 of issue 26, in Chromium against the production server: the pages' Content-Security-Policy
// runs only the scripts that carry the request's nonce (no 'unsafe-inline'). Every main kind of page
// (checkout, link, portal sign-in and a signed-in portal page, the landing page, the API reference) loads
// with no CSP violation, hydrates and answers a click; the nonce of the response's policy is on every
// <script> of the HTML and changes with each request; and a script injected into the HTML without the
// nonce (an inline <script>, an onerror attribute) does not run while the page's own scripts still do.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createProduct, fieldError, openRedirect } from "./checkout-support";
import { signInWithDeveloperLogin, type PortalSeed } from "./portal-support";
import { asNewVisitor, expectApiReferenceRendered, initiateLink, screenshot, seed, startReceiver, uniqueEmail } from "./support";

test.describe.configure({ timeout: 180_000 });

type Violation = { directive: string; blocked: string; sample: string };
declare global {
  interface Window {
    __cspViolations?: Violation[];
    __injected?: string[];
  }
}

/** Collects the page's `securitypolicyviolation` events (from before its first script) and its CSP console messages. */
const watchCsp = async (page: Page) => {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.__cspViolations!.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample }),
    );
  });
  const console: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(m.text())) console.push(m.text());
  });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return {
    violations: () => page.evaluate(() => window.__cspViolations ?? []),
    console,
    errors,
  };
};

/**
 * Drops the one violation the API reference always reports: zod, inside Scalar's bundle, probes whether
 * `Function("")` may run (its `allowsEval`) and, refused ('unsafe-eval' is not allowed), validates without
 * compiled code. Nothing of the page depends on it.
 */
const withoutEvalProbe = (violations: Violation[]) => violations.filter((v) => !(v.directive === "script-src" && v.blocked === "eval"));

const nonceOf = (policy: string) => /script-src [^;]*'nonce-([^']+)'/.exec(policy)?.[1];

/** The page's HTML over HTTP: its policy's script-src has no 'unsafe-inline', and every <script> carries the nonce. */
const expectNoncedHtml = async (request: APIRequestContext, url: string) => {
  const first = await request.get(url);
  expect(first.status(), url).toBe(200);
  const policy = first.headers()["content-security-policy"];
  expect(policy, url).not.toMatch(/script-src [^;]*'unsafe-inline'/);
  expect(policy, url).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]+={0,2}' 'strict-dynamic'/);
  const nonce = nonceOf(policy)!;
  const tags = (await first.text()).match(/<script\b[^>]*>/gi) ?? [];
  expect(tags.length, url).toBeGreaterThan(0);
  for (const tag of tags) expect(tag, url).toContain(`nonce="${nonce}"`);
  const second = await request.get(url);
  expect(nonceOf(second.headers()["content-security-policy"]), url).not.toBe(nonce);
};

test("checkout, link, portal and docs pages run under a nonce policy with no violation, and stay interactive", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = (await seed(baseURL!, receiver.url)) as PortalSeed;
    const item = await createProduct(request, s, { name: "Nonce Pack", price: 250 });
    const checkoutUrl = await openRedirect(request, s, { itemId: item._id });
    const { url: linkUrl } = await initiateLink(request, s, uniqueEmail("csp-link"));

    for (const url of [checkoutUrl, linkUrl, "/portal", "/", "/docs"]) await expectNoncedHtml(request, url);

    const csp = await watchCsp(page);
    await asNewVisitor(page);

    // checkout: the pay form checks its fields in the browser (React's handlers ran)
    await page.goto(checkoutUrl);
    await expect(page.getByRole("button", { name: "Pay USD 2.50" })).toBeVisible();
    await page.getByRole("button", { name: "Pay USD 2.50" }).click();
    await expect(fieldError(page, "email")).toHaveText("Enter your email address.");
    await screenshot(page, "csp-checkout");
    expect(await csp.violations(), "checkout").toEqual([]);

    // link: the auth form switches to sign-up on the client
    await page.goto(linkUrl);
    await expect(page.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
    await page.getByRole("button", { name: "Create an account" }).click();
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    expect(await csp.violations(), "link").toEqual([]);

    // portal sign-in: the same form, then the developer login (a server action) and a signed-in page
    await page.goto("/portal");
    await expect(page.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
    await page.getByRole("button", { name: "Create an account" }).click();
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    expect(await csp.violations(), "portal sign-in").toEqual([]);
    await signInWithDeveloperLogin(page, s.portal);
    await page.goto(`/portal/${s.business.businessId}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await csp.violations(), "portal overview").toEqual([]);

    // the landing page and the API reference (Scalar's bundle and configuration carry the nonce)
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await csp.violations(), "landing").toEqual([]);
    await page.goto("/docs");
    await expectApiReferenceRendered(page);
    // the nonced label script ran: Scalar's icon-only copy buttons have a name
    await expect(page.locator("button.scalar-code-copy").first()).toHaveAttribute("aria-label", "Copy code");
    await screenshot(page, "csp-docs", { fullPage: false });
    expect(withoutEvalProbe(await csp.violations()), "docs").toEqual([]);

    expect(csp.console).toEqual([]);
    expect(csp.errors).toEqual([]);
  } finally {
    receiver.close();
  }
});

test("a script injected into the page's HTML without the nonce does not run; the page's own scripts do", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const item = await createProduct(request, s, { name: "Injected Pack", price: 250 });
    const checkoutUrl = await openRedirect(request, s, { itemId: item._id });
    const csp = await watchCsp(page);

    for (const url of [checkoutUrl, "/docs"]) {
      // the server's answer, with markup an attacker got into it: its headers (and so its policy) unchanged
      await page.route(
        (u) => u.pathname === new URL(url, baseURL).pathname,
        async (route) => {
          if (route.request().resourceType() !== "document") return route.fallback();
          const res = await route.fetch();
          const html = (await res.text()).replace(
            /<body([^>]*)>/i,
            `<body$1><script>(window.__injected ||= []).push("inline")</script>` +
              `<script nonce="guessed">(window.__injected ||= []).push("guessed nonce")</script>` +
              `<img alt="" src="/no-such-image.png" onerror="(window.__injected ||= []).push('onerror')">`,
          );
          return route.fulfill({ response: res, body: html });
        },
      );
      const res = await page.goto(url);
      expect(res!.headers()["content-security-policy"]).toContain("'strict-dynamic'");
      if (url === "/docs") await expectApiReferenceRendered(page);
      else {
        await page.getByRole("button", { name: "Pay USD 2.50" }).click();
        await expect(fieldError(page, "email")).toHaveText("Enter your email address.");
      }
      expect(await page.evaluate(() => window.__injected ?? []), url).toEqual([]);
      const blocked = withoutEvalProbe(await page.evaluate(() => window.__cspViolations ?? []));
      expect(blocked.map((v) => v.directive).sort(), url).toEqual(["script-src-attr", "script-src-elem", "script-src-elem"]);
      await page.unrouteAll();
    }
    expect(csp.errors).toEqual([]);
  } finally {
    receiver.close();
  }
});

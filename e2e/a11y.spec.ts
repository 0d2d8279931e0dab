// axe-core over every hosted page and state, on the desktop and phone projects, with the WCAG 2.2 A and AA
// rules: the landing page, /docs (Scalar), the link page (signed out, signed in, approved, canceled,
// expired, failed, unknown), the join page (and a paused invite), the wallet page (and a bad link), the
// mailed-link pages (verify, reset, dead link), the checkout (grant, redirect, a decline, success,
// cancel, not found), the gift claim page (open, used, unknown), the invoice page (due, a refused card, paid,
// cancelled, a bad link) and the business pages (a platform's connect link and invite in each state, the
// business's home, connected platforms and verification). A serious or critical violation fails the test and is printed rule by rule with the
// elements at fault. Each state is also saved as a screenshot (test-results/screenshots/<project>-a11y-*.png).
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createGrant, createProduct, openRedirect, typeCard } from "./checkout-support";
import {
  asNewVisitor,
  campaignHeaders,
  expectApiReferenceRendered,
  followMailLink,
  gameHeaders,
  initiateLink,
  openNewestMail,
  screenshot,
  seed,
  signInOnForm,
  signUpOnForm,
  startReceiver,
  uniqueEmail,
  verifyEmailFromOutbox,
  type Seeded,
} from "./support";

// Several pages per test, each audited or walked on a shared, busy machine: more than the default 30s.
test.describe.configure({ timeout: 240_000 });

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** One violation as lines a person can act on: rule, impact, help, and each element with axe's summary. */
const describe = (v: Violation): string =>
  [
    `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
    ...v.nodes.map((n) => `    at ${n.target.join(" > ")}\n      ${(n.failureSummary ?? "").replace(/\n/g, "\n      ")}`),
  ].join("\n");

/** Runs axe on the page as it is; fails on serious or critical violations, printed readably. Saves a screenshot. */
const audit = async (page: Page, name: string) => {
  await screenshot(page, `a11y-${name}`);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const minor = violations.filter((v) => !blocking.includes(v));
  if (minor.length) console.log(`axe (${name}, ${test.info().project.name}), not blocking:\n${minor.map(describe).join("\n")}`);
  expect(blocking.map(describe).join("\n\n"), `axe found serious or critical violations on ${name}`).toBe("");
};

/** A seeded tenant and its webhook receiver, for the length of one test. */
const withTenant = async (baseURL: string, fn: (s: Seeded) => Promise<void>) => {
  const receiver = await startReceiver();
  try {
    await fn(await seed(baseURL, receiver.url));
  } finally {
    receiver.close();
  }
};

const post = async (request: APIRequestContext, path: string, headers: Record<string, string>, data: Record<string, unknown> = {}) => {
  const res = await request.post(path, { headers, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
};

test("landing page, with its code samples scrollable from the keyboard", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const samples = page.getByRole("region", { name: /code sample/ });
  await expect(samples).toHaveCount(2);
  for (const sample of await samples.all()) await expect(sample).toHaveAttribute("tabindex", "0");
  // Keyboard: Tab reaches the sample, its focus ring shows, and the arrow keys scroll it sideways when it overflows.
  const shell = page.getByRole("region", { name: /Shell/ });
  await shell.focus();
  expect(await shell.evaluate((e) => e.matches(":focus-visible") || getComputedStyle(e).outlineStyle !== "none")).toBe(true);
  const overflows = await shell.evaluate((e) => e.scrollWidth > e.clientWidth);
  if (overflows) {
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => shell.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
  }
  await audit(page, "home");
});

test("API reference (/docs)", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expectApiReferenceRendered(page);
  await audit(page, "docs");
});

test("link page: signed out, signed in, then approved", async ({ page, request, baseURL }) => {
  await withTenant(baseURL!, async (s) => {
    await asNewVisitor(page);
    const email = uniqueEmail("a11y-link");
    const { url } = await initiateLink(request, s, email);
    await page.goto(url);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await audit(page, "link-signed-out");
    // the sign-in form with an error shown
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("main").getByRole("alert")).toBeVisible();
    await audit(page, "link-sign-in-error");

    await signUpOnForm(page, { email, password: "a-good-password" });
    await audit(page, "link-check-email");
    await openNewestMail(page, email, "Confirm your email to finish creating your account");
    await followMailLink(page, "verify");
    await expect(page.getByRole("button", { name: "Forgot password?" })).toBeVisible();
    await audit(page, "account-verify");
    await page.getByLabel("Password you chose", { exact: true }).fill("a-good-password");
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
    await expect(page.getByRole("button", { name: "Approve" })).toBeVisible();
    await audit(page, "link-signed-in");
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("You're linked to");
    await audit(page, "link-approved");
  });
});

test("link page: canceled, expired, failed and unknown", async ({ page, request, baseURL }) => {
  await withTenant(baseURL!, async (s) => {
    const states: [string, string, Record<string, unknown>?][] = [
      ["cancel", "Linking canceled"],
      ["expire", "This link has expired"],
      ["fail", "Linking failed", { message: "Your region is not supported yet." }],
    ];
    for (const [action, heading, data] of states) {
      const { sessionKey, url } = await initiateLink(request, s);
      await post(request, `/api/v1/test-helpers/link-sessions/${sessionKey}/${action}`, gameHeaders(s), data);
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await audit(page, `link-${action}`);
    }
    const res = await page.goto("/link/lks_test_00000000000000000000000000000000");
    expect(res?.status()).toBe(404);
    await audit(page, "link-not-found");
  });
});

test("join page: an open invite, a paused one, an unknown one", async ({ page, request, baseURL }) => {
  await withTenant(baseURL!, async (s) => {
    const invite = await post(request, `/api/v1/campaign/${s.campaign.campaignId}/link-invites`, campaignHeaders(s), { label: "a11y" });
    await page.goto(invite.url);
    await expect(page.getByRole("button", { name: "Continue" })).toBeVisible();
    await audit(page, "join");
    const paused = await request.patch(`/api/v1/campaign/${s.campaign.campaignId}/link-invites/${invite.code}`, {
      headers: campaignHeaders(s),
      data: { status: "paused" },
    });
    expect(paused.status()).toBe(200);
    await page.goto(invite.url);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This invite is paused");
    await audit(page, "join-paused");
    await page.goto("/join/inv_unknown_code_0000");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find this invite");
    await audit(page, "join-not-found");
  });
});

test("wallet page, its copy button, and a bad link", async ({ page, request, baseURL, context }) => {
  await withTenant(baseURL!, async (s) => {
    const headers = gameHeaders(s);
    const { sessionKey } = await initiateLink(request, s, uniqueEmail("a11y-wallet"));
    const { userRef } = await post(request, `/api/v1/test-helpers/link-sessions/${sessionKey}/approve`, headers);
    await post(request, "/api/v1/test-helpers/wallets/fund", headers, { userRef, amountUsdc: "1234.5" });
    const { linkUrl } = await post(request, "/api/v1/wallet/manage", { ...headers, "idempotency-key": crypto.randomUUID() }, { userId: userRef });
    await page.goto(linkUrl);
    await expect(page.getByTestId("wallet-network")).toHaveText("Coinop ledger (held for you by this service)");
    await audit(page, "wallet");
    // Copy: the address reaches the clipboard, the button says so, and a status announces it.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const address = (await page.getByTestId("wallet-address").textContent())!.trim();
    const copy = page.getByRole("button", { name: "Copy address" });
    await copy.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Wallet address copied." })).toHaveCount(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await audit(page, "wallet-copied");
    await page.goto("/wallet/not-a-token");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");
    await audit(page, "wallet-invalid");
  });
});

test("mailed-link pages: reset and a dead link", async ({ page, request, baseURL }) => {
  await withTenant(baseURL!, async (s) => {
    await asNewVisitor(page);
    const email = uniqueEmail("a11y-reset");
    const { url } = await initiateLink(request, s, email);
    await page.goto(url);
    await signUpOnForm(page, { email, password: "a-good-password" });
    await verifyEmailFromOutbox(page, { email, password: "a-good-password" });
    await expect(page.getByRole("button", { name: "Approve" })).toBeVisible();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.locator("main").getByRole("status")).toContainText(`We sent a link to ${email}.`);
    await openNewestMail(page, email, "Set a new password");
    await followMailLink(page, "reset");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
    await audit(page, "account-reset");
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Save password and sign in" }).click();
    await expect(page.locator("main").getByRole("alert")).toBeVisible();
    await audit(page, "account-reset-error");
    await page.goto("/account/reset/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link no longer works");
    await audit(page, "account-link-dead");
  });
});

test("checkout: grant, redirect, a decline, success, cancel, not found", async ({ page, request, baseURL }) => {
  await withTenant(baseURL!, async (s) => {
    const item = await createProduct(request, s, { name: "Dragon Pack", price: 999 });
    const grant = await createGrant(request, s, { itemId: item._id, email: uniqueEmail("a11y-grant") });
    await page.goto(grant.checkoutUrl);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await audit(page, "checkout-grant");

    const url = await openRedirect(request, s, { itemId: item._id, checkoutmethod: "card", redirectUrl: "https://game.example/store" });
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await audit(page, "checkout-redirect");

    const pay = page.getByRole("region", { name: "Pay as a guest" });
    await pay.getByLabel("Email").fill(uniqueEmail("a11y-pay"));
    await typeCard(page, { number: "4000 0000 0000 0002" });
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByTestId("pay-alert")).toBeFocused();
    await audit(page, "checkout-declined");

    await typeCard(page, { number: "4242 4242 4242 4242" });
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/checkout\/success\/[^?]+\?sig=/);
    await audit(page, "checkout-success");

    // the cancel page of the same purchase (Stripe's "back" link): the same signed id
    await page.goto(page.url().replace("/checkout/success/", "/checkout/cancel/"));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await audit(page, "checkout-cancel");

    const missing = await page.goto("/checkout/r/cks_test_00000000000000000000000000000000");
    expect(missing?.status()).toBe(404);
    await audit(page, "checkout-not-found");
  });
});

// The platform's parts of the seed (test-mode.md); ./support.ts types only the game and campaign parts.
type PlatformSeeded = Seeded & {
  platform: { platformId: string; platformKey: string };
  business: { businessId: string };
  portal: { email: string; password: string };
};

/** The platform's key, acting for the seed business (`business`) or for itself. */
const platformHeaders = (s: PlatformSeeded, business = true): Record<string, string> => ({
  authorization: `Bearer ${s.platform.platformKey}`,
  ...(business ? { "x-target-business-id": s.business.businessId } : {}),
});
const withIdempotency = (headers: Record<string, string>) => ({ ...headers, "idempotency-key": crypto.randomUUID() });

test("gift claim page: an open gift, a used code, an unknown code", async ({ page, request, baseURL }) => {
  await withTenant(baseURL!, async (seeded) => {
    const s = seeded as PlatformSeeded;
    await asNewVisitor(page);
    const email = uniqueEmail("a11y-gift");
    const d = await post(request, "/api/v1/platform/distributions", withIdempotency(platformHeaders(s)), {
      mode: "fixed",
      memo: "a11y",
      recipients: [{ email, name: "Winner", amount: 12.34 }],
    });
    const code = randomBytes(32).toString("hex");
    await post(request, "/api/v1/platform/gifts/mark-funded", withIdempotency(platformHeaders(s)), {
      distributionId: d._id,
      transactionHash: "0x" + randomBytes(32).toString("hex"),
      giftData: [{ giftId: d.lineItems[0].lineItemId, claimCode: code }],
    });
    await page.goto(`/gift/${code}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/ sent you USD\s12\.34$/);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await audit(page, "gift-claim");

    await post(request, "/api/v1/test-helpers/gifts/claim", platformHeaders(s), { claimCode: code, email });
    await page.goto(`/gift/${code}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This gift was already claimed");
    await audit(page, "gift-used");

    await page.goto(`/gift/${"0".repeat(64)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find this gift");
    await audit(page, "gift-not-found");
  });
});

test("invoice page: due, a refused card, paid, cancelled, a bad link", async ({ page, request, baseURL }) => {
  await withTenant(baseURL!, async (seeded) => {
    const s = seeded as PlatformSeeded;
    const invoice = () =>
      post(request, "/api/v1/platform/invoices", withIdempotency(platformHeaders(s)), {
        receiverName: "Ada Lovelace",
        receiverEmail: uniqueEmail("a11y-invoice"),
        date: "2026-11-20",
        dueDate: "2026-12-20",
        items: [
          { description: "Tournament hosting", quantity: 2, rate: 120 },
          { description: "Prize pool management", quantity: 1.5, rate: 45.5 },
        ],
        taxAmount: 14.25,
        fees: [{ label: "Processing fee", percentage: 2.9, flat: 30, recipientWallet: "0x" + "1f".repeat(20) }],
        status: "sent",
        emailSuppressed: true,
      });
    const due = await invoice();
    await page.goto(due.links.invoice);
    await expect(page.getByTestId("invoice-status")).toHaveText("Due");
    await audit(page, "invoice-due");

    // an empty card: the errors sit under their fields
    await page.getByRole("button", { name: /^Pay USD\s[\d,.]+$/ }).click();
    await expect(page.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("error-cardNumber")).toHaveText("Enter your card number.");
    await audit(page, "invoice-card-error");

    await post(request, `/api/v1/test-helpers/invoices/${due._id}/pay`, platformHeaders(s), { method: "card" });
    await page.goto(due.links.invoice);
    await expect(page.getByTestId("invoice-status")).toHaveText("Paid");
    await expect(page.getByRole("link", { name: "Download receipt" })).toBeVisible();
    await audit(page, "invoice-paid");

    const cancelled = await invoice();
    await post(request, `/api/v1/platform/invoices/${cancelled._id}/cancel`, withIdempotency(platformHeaders(s)));
    await page.goto(cancelled.links.invoice);
    await expect(page.getByTestId("invoice-status")).toHaveText("Cancelled");
    await expect(page.getByRole("heading", { name: "This invoice was cancelled" })).toBeVisible();
    await audit(page, "invoice-cancelled");

    // the public id without its signature
    await page.goto(`/invoice/${due.publicInvoiceId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This invoice link is not valid");
    await audit(page, "invoice-invalid");
  });
});

test("business pages: a platform's connect link and invite in each state, and the admin's pages", async ({ page, request, baseURL }) => {
  await withTenant(baseURL!, async (seeded) => {
    const s = seeded as PlatformSeeded;
    await asNewVisitor(page);
    const platform = platformHeaders(s, false);
    const heading = page.getByRole("heading", { level: 1 });
    // the seed connects the platform to the business: revoke that grant so the business can connect anew
    const revokeActiveGrant = async () => {
      const { grants } = await (await request.get("/api/v1/platform/grants", { headers: platform })).json();
      const active = grants.find((g: { businessId: string; status: string }) => g.businessId === s.business.businessId && g.status === "active");
      if (active) await post(request, `/api/v1/platform/grants/${active.grantId}/revoke`, withIdempotency(platform));
    };
    const linkSession = (): Promise<{ sessionKey: string; url: string }> =>
      post(request, "/api/v1/platform/link-sessions", platform, { scopes: ["campaign:read", "distribution:create", "business:read"], metadata: {} });

    await revokeActiveGrant();
    const connect = await linkSession();
    await page.goto(connect.url);
    await expect(heading).toHaveText(/^Connect .+ to your business$/);
    await expect(page.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
    await audit(page, "business-connect-signed-out");

    // the seed's admin signs in on the page with its printed login and stays on it
    await signInOnForm(page, { email: s.portal.email, password: s.portal.password });
    await expect(page).toHaveURL(connect.url);
    await expect(page.getByRole("radio")).toBeChecked();
    await audit(page, "business-connect-signed-in");
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(heading).toHaveText("Platform connected");
    await audit(page, "business-connect-approved");

    await revokeActiveGrant();
    const declined = await linkSession();
    // the seed's business was not created by the platform, so the test helpers do not answer for it
    // (tests/security/19-helper-business-ownership.test.ts): its signed-in admin declines on the page
    await page.goto(declined.url);
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(heading).toHaveText("Connection declined");
    await audit(page, "business-connect-declined");
    await page.goto("/business/connect/pls_test_00000000000000000000000000000000");
    await expect(heading).toHaveText("Link not found");
    await audit(page, "business-connect-not-found");

    const invite = (): Promise<{ inviteId: string }> =>
      post(request, "/api/v1/platform/invites", withIdempotency(platform), {
        businessId: s.business.businessId,
        requestedScopes: ["business:read", "invoice:read"],
      });
    const open = await invite();
    await page.goto(`/business/invites/${open.inviteId}`);
    await expect(heading).toHaveText(/ invites /);
    await expect(page.getByRole("button", { name: "Accept" })).toBeVisible();
    await audit(page, "business-invite");
    await page.getByRole("button", { name: "Accept" }).click();
    await expect(heading).toHaveText("Invite accepted");
    // the tab title follows the redirect back to the page (metadata streams in after the body)
    await expect(page).toHaveTitle(/^Invite from .+ accepted/);
    await audit(page, "business-invite-accepted");

    await revokeActiveGrant();
    const refused = await invite();
    await page.goto(`/business/invites/${refused.inviteId}`);
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(heading).toHaveText("Invite declined");
    await audit(page, "business-invite-declined");
    await page.goto("/business/invites/000000000000000000000000");
    await expect(heading).toHaveText("Invite not found");
    // the not-found page brings its tab title with its heading (components/hosted/hosted-not-found.tsx): no waiting
    expect(await page.title()).toBe("Invite not found");
    await audit(page, "business-invite-not-found");

    // the admin's own pages
    await page.goto(`/business/${s.business.businessId}`);
    await expect(page.getByRole("link", { name: "Connected platforms" })).toBeVisible();
    await audit(page, "business-home");
    await page.goto(`/business/${s.business.businessId}/platforms`);
    await expect(heading).toHaveText("Connected platforms");
    await audit(page, "business-platforms");
    await page.goto(`/business/${s.business.businessId}/verification`);
    await expect(heading).toHaveText("Business verification");
    await audit(page, "business-verification");
  });
});

// Issue 30, the payer's side: every page declares the language it renders (<html lang>, WCAG 3.1.1), there
// is always a way back to the game, the card form and Pay (with its amount) are on a phone's first screen,
// and the checkout, fund and invoice pages pay through one form. Runs on desktop (1280×800) and on the
// phone (390×844); axe (WCAG 2.2 AA) on each changed state, screenshots of each.
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createGrant, createProduct, openRedirect, setGameSettings, typeCard } from "./checkout-support";
import { outboxPath } from "./outbox-token";
import { gameHeaders, initiateLink, screenshot, seed, startReceiver, uniqueEmail, type Seeded } from "./support";

test.describe.configure({ timeout: 240_000 });

type Platformed = Seeded & { platform: { platformId: string; platformKey: string }; business: { businessId: string } };

const axe = async (page: Page, name: string) => {
  await screenshot(page, `pay-${name}`);
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`).join("\n"), `axe on ${name}`).toBe("");
};

const post = async (request: APIRequestContext, path: string, headers: Record<string, string>, data: Record<string, unknown> = {}) => {
  const res = await request.post(path, { headers: { ...headers, "idempotency-key": randomUUID() }, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
};
const platformHeaders = (s: Platformed) => ({ authorization: `Bearer ${s.platform.platformKey}`, "x-target-business-id": s.business.businessId });

/** The language the served HTML declares, and the one the page's own frame renders in (its nearest `lang`). */
const langs = async (page: Page) => ({
  html: await page.locator("html").getAttribute("lang"),
  frame: await page.locator("main").evaluate((m) => m.closest("[lang]")?.getAttribute("lang") ?? null),
});
/** `lang` of the document as the server sent it (before any script ran). */
const servedLang = async (request: APIRequestContext, path: string, locale: string) => {
  const res = await request.get(path, { headers: { "accept-language": locale } });
  return /<html[^>]*\blang="([^"]+)"/.exec(await res.text())?.[1] ?? null;
};

const newInvoice = (request: APIRequestContext, s: Platformed) =>
  post(request, "/api/v1/platform/invoices", platformHeaders(s), {
    receiverName: "Ada Lovelace",
    receiverEmail: uniqueEmail("pay-invoice"),
    date: "2026-11-20",
    dueDate: "2026-12-20",
    items: [{ description: "Tournament hosting", quantity: 2, rate: 120 }],
    status: "sent",
    emailSuppressed: true,
  });

for (const browser of ["en", "fr"] as const) {
  test.describe(`a ${browser} browser`, () => {
    test.use({ locale: browser === "fr" ? "fr-FR" : "en-US" });

    test(`<html lang> names the language each page renders (${browser})`, async ({ page, request, baseURL }) => {
      const receiver = await startReceiver();
      try {
        const s = (await seed(baseURL!, receiver.url)) as Platformed;
        const other = browser === "fr" ? "en" : "fr";
        const item = await createProduct(request, s, { name: "Lang Pack", price: 499 });
        const check = async (path: string, expected: string, name: string) => {
          await page.goto(path);
          await expect(page.locator("main")).toBeVisible();
          expect(await langs(page), name).toEqual({ html: expected, frame: expected });
          expect(await servedLang(request, path, browser === "fr" ? "fr-FR,fr;q=0.9" : "en-US,en;q=0.9"), `${name} as served`).toBe(expected);
        };

        // the checkout in the browser's language, and a grant that names the other one
        await check(await openRedirect(request, s, { itemId: item._id }), browser, "checkout");
        const grant = await createGrant(request, s, { itemId: item._id, email: uniqueEmail("lang"), checkoutMetadata: { locale: other } });
        await check(grant.checkoutUrl, other, "grant checkout with checkoutMetadata.locale");
        // its success page speaks the grant's language too
        // typed by field name: the labels are in the grant's language
        await page.locator('input[name="cardNumber"]').fill("4242 4242 4242 4242");
        await page.locator('input[name="cardExpiry"]').fill("12 / 34");
        await page.locator('input[name="cardCvc"]').fill("123");
        await page.getByRole("button", { name: other === "fr" ? /^Payer / : /^Pay / }).click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(other === "fr" ? "Paiement réussi" : "Payment successful");
        await check(new URL(page.url()).pathname + new URL(page.url()).search, other, "success");

        // a link page whose session names a language, and a business-level link page
        const plain = await initiateLink(request, s, uniqueEmail("lang-link"));
        await check(new URL(plain.url).pathname, browser, "link page");
        const link = await post(request, "/api/v1/platform/business/users/link/initiate", platformHeaders(s), {
          email: uniqueEmail("lang-biz"),
          metadata: { locale: other },
        });
        await check(new URL(link.url).pathname, other, "link page with metadata.locale");
        const connect = await post(
          request,
          "/api/v1/platform/link-sessions",
          { authorization: `Bearer ${s.platform.platformKey}` },
          {
            scopes: ["campaign:read", "business:read"],
            metadata: { locale: other },
          },
        );
        await check(new URL(connect.url).pathname, other, "business connect page with metadata.locale");

        // fund, invoice and wallet pages: the browser's language
        const fund = await post(request, `/api/v1/platform/campaigns/${s.campaign.campaignId}/fund-sessions`, {
          authorization: `Bearer ${s.platform.platformKey}`,
        });
        await check(new URL(fund.url).pathname, browser, "fund");
        const invoice = await newInvoice(request, s);
        await check(invoice.links.invoice, browser, "invoice");
        const { userRef } = await post(request, `/api/v1/test-helpers/link-sessions/${plain.sessionKey}/approve`, gameHeaders(s));
        const { linkUrl } = await post(request, "/api/v1/wallet/manage", gameHeaders(s), { userId: userRef });
        await check(linkUrl, browser, "wallet");

        // the portal's sign-in speaks the browser's language; the mail outbox is English, whatever the browser asks
        await check("/portal", browser, "portal");
        await check(outboxPath("/dev/mail"), "en", "/dev/mail");
      } finally {
        receiver.close();
      }
    });
  });
}

test("there is always a way back: the return URL, the store page, else Close saying the game was told", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const game = await setGameSettings(request, s, { storeUrl: null });
    const item = await createProduct(request, s, { name: "Way Back", price: 250 });

    // no address at all: "Close" in the header; after paying, the game has been told and Close is the way back
    const plain = await createGrant(request, s, { itemId: item._id, email: uniqueEmail("close") });
    await page.goto(plain.checkoutUrl);
    await expect(page.getByTestId("close-page")).toHaveText("Close");
    await axe(page, "checkout-close");
    await typeCard(page, { number: "4242 4242 4242 4242" });
    await page.getByRole("button", { name: /^Pay USD\s2\.50$/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
    await expect(page.getByTestId("game-told")).toHaveText(`${game.name} has been told: you can close this page.`);
    await expect(page.getByRole("main").getByRole("button", { name: "Close" })).toBeVisible();
    await axe(page, "success-close");
    // a tab the page did not open stays open: the button then says how to go back
    await page.getByRole("main").getByRole("button", { name: "Close" }).click();
    await expect(page.getByText(`Close this tab to return to ${game.name}.`)).toBeVisible();

    // the grant's checkoutMetadata.returnUrl: back in the header, and Return on the success page
    const back = await createGrant(request, s, {
      itemId: item._id,
      email: uniqueEmail("ret"),
      checkoutMetadata: { returnUrl: "https://game.example/after-pay" },
    });
    await page.goto(back.checkoutUrl);
    await expect(page.getByTestId("back-to-store")).toHaveAttribute("href", "https://game.example/after-pay");
    await typeCard(page, { number: "4242 4242 4242 4242" });
    await page.getByRole("button", { name: /^Pay USD\s2\.50$/ }).click();
    await expect(page.getByRole("link", { name: `Return to ${game.name}` })).toHaveAttribute("href", "https://game.example/after-pay");
    await expect(page.getByTestId("game-told")).toHaveCount(0);
    await axe(page, "success-return");

    // the game's store page when the checkout has no return URL of its own
    await setGameSettings(request, s, { storeUrl: "https://game.example/store" });
    const store = await createGrant(request, s, { itemId: item._id, email: uniqueEmail("store") });
    await page.goto(store.checkoutUrl);
    await expect(page.getByTestId("back-to-store")).toHaveAttribute("href", "https://game.example/store");
  } finally {
    receiver.close();
  }
});

test("the card field and Pay with its amount are on the first screen; Details shows the order", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    await setGameSettings(request, s, { storeUrl: "https://game.example/store", taxLabel: "VAT", taxRatePercent: 20 });
    const item = await createProduct(request, s, {
      name: "First Screen Pack",
      description: "A pack with a long enough description to take room.",
      price: 1299,
    });
    await page.goto(await openRedirect(request, s, { itemId: item._id }));
    const phone = test.info().project.name === "phone";
    const card = page.getByLabel("Card number");
    const pay = page.getByRole("button", { name: /^Pay USD\s12\.99$/ });
    await expect(card).toBeVisible();
    await expect(pay).toBeVisible();
    const bottom = async (l: typeof card) => {
      const box = (await l.boundingBox())!;
      return box.y + box.height;
    };
    // the page as it opens (not scrolled): both inside the first screen
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await bottom(card)).toBeLessThanOrEqual(phone ? 844 : 800);
    expect(await bottom(pay)).toBeLessThanOrEqual(phone ? 844 : 800);
    await expect(page.getByTestId("price")).toHaveText(/^USD\s12\.99$/);
    const details = page.getByTestId("summary-details");
    if (phone) {
      // the line items fold behind Details; it opens and closes them
      await expect(page.getByTestId("line-items")).toBeHidden();
      const toggle = page.getByRole("button", { name: /Details/ });
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await axe(page, "summary-folded");
      await toggle.click();
      await expect(page.getByRole("button", { name: /Hide details/ })).toHaveAttribute("aria-expanded", "true");
      await expect(page.getByTestId("tax-row")).toBeVisible();
      await expect(details).toBeVisible();
      await axe(page, "summary-open");
    } else {
      // on a wide screen the order is always shown, without a toggle
      await expect(page.getByTestId("summary-toggle")).toBeHidden();
      await expect(page.getByTestId("tax-row")).toBeVisible();
      await axe(page, "summary-desktop");
    }
  } finally {
    receiver.close();
  }
});

test("the checkout, fund and invoice pages pay through one form, Pay naming the amount", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = (await seed(baseURL!, receiver.url)) as Platformed;
    const item = await createProduct(request, s, { name: "Same Form", price: 700 });
    const fund = await post(request, `/api/v1/platform/campaigns/${s.campaign.campaignId}/fund-sessions`, {
      authorization: `Bearer ${s.platform.platformKey}`,
    });
    const invoice = await newInvoice(request, s);
    const pages = [
      { name: "checkout", path: await openRedirect(request, s, { itemId: item._id }), pay: /^Pay USD\s7\.00$/ },
      { name: "fund", path: new URL(fund.url).pathname, pay: /^Pay$/ },
      { name: "invoice", path: invoice.links.invoice as string, pay: /^Pay USD\s[\d,.]+$/ },
    ];
    const seen: unknown[] = [];
    for (const p of pages) {
      await page.goto(p.path);
      const form = page.getByTestId("pay-form");
      await expect(form.getByLabel("Card number")).toHaveAttribute("placeholder", "1234 1234 1234 1234");
      await expect(form.getByLabel("Expiry (MM / YY)")).toHaveAttribute("placeholder", "MM / YY");
      await expect(form.getByLabel("CVC")).toHaveAttribute("placeholder", "123");
      await expect(form.getByRole("button", { name: p.pay })).toBeVisible();
      await expect(form.getByTestId("test-cards")).toBeVisible();
      // the same formatting as the payer types
      await form.getByLabel("Expiry (MM / YY)").fill("1234");
      await expect(form.getByLabel("Expiry (MM / YY)")).toHaveValue("12 / 34");
      seen.push(await form.locator("label").allInnerTexts());
      if (p.name === "fund") {
        // a chosen amount: Pay names it as it is typed
        await form.getByLabel("Amount (USD)").fill("42.5");
        await expect(form.getByRole("button", { name: /^Pay USD\s42\.50$/ })).toBeVisible();
      }
      // a decline: the same alert just before the card, focused, on each page
      if (p.name !== "checkout") {
        await typeCard(page, { number: "4000 0000 0000 0002" });
        await form.getByRole("button", { name: /^Pay / }).click();
        await expect(page.getByTestId("pay-alert")).toBeFocused();
        await expect(page.getByTestId("pay-alert")).toContainText(/declined/);
        await expect(form.getByLabel("CVC")).toHaveValue("");
        await expect(form.getByLabel("Card number")).toHaveValue("4000 0000 0000 0002");
        await axe(page, `${p.name}-declined`);
      }
    }
    // the card's labels are the same words everywhere
    const cardLabels = (l: unknown) => (l as string[]).filter((t) => /Card number|Expiry|CVC/.test(t));
    expect(cardLabels(seen[1])).toEqual(cardLabels(seen[0]));
    expect(cardLabels(seen[2])).toEqual(cardLabels(seen[0]));
  } finally {
    receiver.close();
  }
});

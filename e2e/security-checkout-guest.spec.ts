// Finding 2 of issue 9 in a real browser: a guest holding a player's checkout link re-posts the hosted
// checkout form with method=wallet (then a virtual currency) by rewriting the request the page sends, as
// anyone can with the developer tools or a proxy. The page does not offer those methods to guests (it says
// a guest pays by card); the server must refuse them too: the refusal is shown, it does not come back on
// reload, and neither the wallet nor the game balance moves.
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createCurrency, createGrant, createProduct, typeCard } from "./checkout-support";
import { gameHeaders, initiateLink, screenshot, seed, startReceiver, uniqueEmail } from "./support";

// A seeded tenant, a browser and a real server on a shared 2-core machine: allow for a slow minute.
test.describe.configure({ timeout: 180_000 });

/**
 * Re-posts the next pay request as an attacker would: the page's own server-action call (made by pressing
 * Pay with the card the page offers) is intercepted and its method field rewritten to `value`, with the
 * victim's email. The page itself never offers a guest anything but the card.
 */
const forceMethod = async (page: Page, value: string) => {
  await page.route(
    (url) => url.pathname.startsWith("/checkout/"),
    async (route) => {
      const req = route.request();
      const body = req.postData();
      if (req.method() !== "POST" || !body || !req.headers()["next-action"]) return route.continue();
      // multipart/form-data: the form's fields travel as parts named "_<n>_method" (React's encoding of a FormData argument)
      const forged = body.replace(/(name="(?:_?\d+_)?method"\r\n\r\n)card/, `$1${value}`);
      expect(forged).not.toBe(body);
      await page.unroute((url) => url.pathname.startsWith("/checkout/"));
      return route.continue({ postData: forged });
    },
  );
};

test("a guest re-posting the checkout form with a balance method is refused and nothing is paid", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const headers = gameHeaders(s);
    const idem = () => ({ ...headers, "idempotency-key": randomUUID() });
    // The victim approved this game (so the game may credit and read their balances) and holds 80 USDC and 1,000 gems.
    const victim = uniqueEmail("victim");
    const { sessionKey } = await initiateLink(request, s, victim);
    const { userRef } = await (await request.post(`/api/v1/test-helpers/link-sessions/${sessionKey}/approve`, { headers, data: { email: victim } })).json();
    expect((await request.post("/api/v1/test-helpers/wallets/fund", { headers: idem(), data: { userRef, amountUsdc: "80.00" } })).status()).toBe(200);
    const code = `GEM${randomUUID()
      .slice(0, 4)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, "X")}`;
    const currencyId = await createCurrency(request, s, code);
    expect(
      (
        await request.post("/api/v1/vc/credits", { headers: idem(), data: { currencyId, userRef, amountUnits: "1000", orderId: `o-${randomUUID()}` } })
      ).status(),
    ).toBe(201);
    const item = await createProduct(request, s, { name: "Diamond Axe", price: 1000, virtualCurrencyPrices: [{ currencyId, amount: 500 }] });
    // The victim's checkout link, in the attacker's hands (a shared screen, a forwarded mail, a log).
    const grant = await createGrant(request, s, { itemId: item._id, email: victim });

    const balances = async () => ({
      usdc: (await (await request.post("/api/v1/wallet/balance", { headers: idem(), data: { userId: userRef } })).json()).balance,
      gems: (await (await request.get(`/api/v1/vc/balances?currencyId=${currencyId}&userRef=${userRef}`, { headers })).json()).balanceUnits,
    });
    const before = await balances();
    expect(before).toEqual({ usdc: expect.stringMatching(/^80\.0+$/), gems: "1000" });

    await page.goto(grant.checkoutUrl);
    await expect(page.getByRole("heading", { name: "Pay as a guest" })).toBeVisible();
    // what the page shows: a guest pays by card, and is told so; no balance method, no balance
    await expect(page.getByRole("radio")).toHaveCount(1);
    await expect(page.getByRole("radio", { name: /Card/ })).toBeChecked();
    await expect(page.getByTestId("method-note")).toHaveText("As a guest you pay by card. Sign in below to pay from your wallet or game balance.");
    await expect(page.getByText(/Your balance:/)).toHaveCount(0);
    await expect(page.getByText(`This purchase is for ${victim}.`)).toBeVisible();
    await screenshot(page, "security-checkout-guest-card-only");

    for (const [method, said] of [
      ["wallet", "Sign in to pay with your wallet. Guests pay by card."],
      [`vc:${currencyId}`, "Sign in to pay with your game balance (virtual currency). Guests pay by card."],
    ] as const) {
      await typeCard(page, { number: "4242 4242 4242 4242" });
      await forceMethod(page, method);
      await page.getByRole("button", { name: /^Pay / }).click();
      await expect(page.locator("main").getByRole("alert")).toHaveText(said);
      await expect(page).toHaveURL(grant.checkoutUrl);
      await screenshot(page, `security-checkout-guest-${method.startsWith("vc") ? "vc" : "wallet"}-refused`);
      // the refusal does not come back on reload: the page simply offers the card again
      await page.reload();
      await expect(page.getByRole("radio", { name: /Card/ })).toBeChecked();
      await expect(page.locator("main").getByRole("alert")).toHaveCount(0);
    }

    expect(await balances()).toEqual(before);
    const purchases = await (await request.get(`/api/v1/users/${userRef}/purchases`, { headers })).json();
    expect(JSON.stringify(purchases)).not.toContain(item._id);
    // the game heard of no payment at all
    await page.waitForTimeout(1000);
    expect(receiver.hooks.filter((h) => h.event.startsWith("Purchases.")).map((h) => h.event)).toEqual([]);
  } finally {
    receiver.close();
  }
});

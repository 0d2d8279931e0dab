// The hosted wallet page a game opens from POST /v1/wallet/manage: the player's custody address, the
// USDC balance and the history, after a test top-up and a campaign-style payout path through the API.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectHostedPageBasics, gameHeaders, initiateLink, offsiteRequests, screenshot, seed, startReceiver, uniqueEmail } from "./support";

test("a player opens their wallet from the manage link and sees address, balance and history", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const headers = gameHeaders(s);
    const { sessionKey } = await initiateLink(request, s, uniqueEmail("wallet"));
    const approved = await request.post(`/api/v1/test-helpers/link-sessions/${sessionKey}/approve`, { headers, data: {} });
    expect(approved.status()).toBe(200);
    const { userRef } = await approved.json();

    const funded = await request.post("/api/v1/test-helpers/wallets/fund", { headers, data: { userRef, amountUsdc: "12.5" } });
    expect(funded.status(), await funded.text()).toBe(200);

    const balance = await request.post("/api/v1/wallet/balance", { headers: { ...headers, "idempotency-key": randomUUID() }, data: { userId: userRef } });
    expect(balance.status()).toBe(200);
    const { address, balance: amount } = await balance.json();
    expect(address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(amount).toBe("12.50");

    const manage = await request.post("/api/v1/wallet/manage", { headers: { ...headers, "idempotency-key": randomUUID() }, data: { userId: userRef } });
    expect(manage.status()).toBe(200);
    const { linkUrl } = await manage.json();
    expect(linkUrl).toMatch(new RegExp(`^${baseURL}/wallet/`));

    const offsite = offsiteRequests(page, baseURL!);
    await page.goto(linkUrl);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(address)).toBeVisible();
    await expect(page.getByText(/12\.5/).first()).toBeVisible();
    await expect(page.getByLabel("Wallet activity, newest first")).toContainText(/12\.5/);
    await expectHostedPageBasics(page);
    await screenshot(page, "wallet");
    expect(offsite).toEqual([]);

    await page.goto(`${baseURL}/wallet/not-a-token`);
    await expect(page.getByText("This link is not valid")).toBeVisible();
    await screenshot(page, "wallet-invalid");
  } finally {
    receiver.close();
  }
});

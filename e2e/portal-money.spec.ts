// The portal's money pages in a real browser against the production build: the seed's developer (an owner and
// admin of its business) sees a currency made through the API with its pool, creates another in the portal and
// changes its rate, explores the journals, approves a player's cashout in the review queue (and rejects another
// with a reason) and sees the ledger and the balances change, then finds the player by email and opens their
// page. Every page fits the width, is audited with axe (no serious or critical violations) and saved as a
// screenshot, on the desktop (the phone: portal-phone.spec).
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { auditPortalPage, openPortal, signInToPortal, type PortalSeed } from "./portal-support";
import { gameHeaders, initiateLink, startReceiver, uniqueEmail } from "./support";

// The seed, a linked and funded player and eight audited pages on a shared 2-core machine.
test.describe.configure({ timeout: 240_000 });

const post = async (request: APIRequestContext, s: PortalSeed, path: string, data: unknown, status = 201) => {
  const res = await request.post(`/api/v1${path}`, { headers: { ...gameHeaders(s), "idempotency-key": randomUUID() }, data });
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
};

test("the money pages: currencies, journals, the cashout queue and players", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await signInToPortal(page, baseURL!, receiver.url);
    const { currency } = await post(request, s, "/vc/currencies", { code: "GEM", name: "Gems", baseUnitsPerVcUnit: "2500" });
    const email = uniqueEmail("money");
    const { sessionKey } = await initiateLink(request, s, email);
    const { userRef } = await post(request, s, `/test-helpers/link-sessions/${sessionKey}/approve`, {}, 200);
    await post(request, s, "/vc/credits", { currencyId: currency._id, userRef, amountUnits: "100", orderId: "order-1" });
    const { cashoutRequestId } = await post(request, s, "/vc/cashouts", { currencyId: currency._id, userRef, units: "30" });
    const { cashoutRequestId: second } = await post(request, s, "/vc/cashouts", { currencyId: currency._id, userRef, units: "5" });

    // the ledger: the currency with its pool (100 units in circulation) and two requests to review
    await openPortal(page, s, "/ledger");
    await expect(page.getByRole("heading", { level: 1, name: "Ledger" })).toBeVisible();
    const gem = page.getByTestId("currency-GEM");
    await expect(gem.getByTestId("in-circulation")).toHaveText("100");
    await expect(gem.getByTestId("pool-balance")).toHaveText("−100");
    await expect(gem.getByTestId("rate")).toHaveText("0.0025 USDC a unit");
    await expect(gem.getByRole("link", { name: "2 cashouts to review" })).toBeVisible();
    // create a currency (refused first: the API's code rule), then change its rate
    const create = page.getByRole("form", { name: /^Create a currency for / });
    await create.getByLabel("Code").fill("1COIN");
    await create.getByLabel("Name").fill("Coins");
    await create.getByRole("button", { name: "Create currency" }).click();
    await expect(create.getByRole("alert")).toHaveText(
      "Invalid body: code must be 2 to 16 characters: letters, digits or _, starting with a letter (it is upper-cased).",
    );
    await create.getByLabel("Code").fill("coins");
    await create.getByRole("button", { name: "Create currency" }).click();
    await expect(create.getByRole("status")).toHaveText("Currency COINS (“Coins”) created at 0.01 USDC a unit.");
    const coins = page.getByTestId("currency-COINS");
    await expect(coins.getByTestId("rate")).toHaveText("0.01 USDC a unit");
    const rate = page.getByRole("form", { name: "Change the cashout rate of COINS" });
    await rate.getByLabel(/^Cashout rate/).fill("20000");
    await rate.getByRole("button", { name: "Change rate" }).click();
    await expect(rate.getByRole("status")).toHaveText("COINS now cashes out at 0.02 USDC a unit. Pending requests keep their rate.");
    await expect(coins.getByTestId("rate")).toHaveText("0.02 USDC a unit");
    await auditPortalPage(page, "ledger");

    // the journal explorer: one credit, balanced
    await page.getByRole("link", { name: "Explore all journals" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Journals" })).toBeVisible();
    const journals = page
      .getByRole("list", { name: "Journals" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("table") });
    await expect(journals).toHaveCount(1);
    await expect(journals.first()).toContainText("credit");
    await expect(journals.first()).toContainText("Balanced");
    await auditPortalPage(page, "ledger-journals");

    // the cashout queue: approve the first request
    await openPortal(page, s, "/cashouts");
    await expect(page.getByRole("heading", { level: 1, name: "Cashouts" })).toBeVisible();
    const first = page.getByTestId(`cashout-${cashoutRequestId}`);
    await expect(first).toContainText("30 GEM");
    await expect(first).toContainText("0.075 USDC");
    await expect(first).toContainText(email);
    await auditPortalPage(page, "cashouts");
    await first.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByTestId("decided")).toHaveText(`Approved 30 GEM of ${email}: 0.075 USDC owed to the player.`);
    await expect(page.getByTestId(`cashout-${cashoutRequestId}`)).toHaveCount(0);
    // reject the second one: a reason is required
    const other = page.getByTestId(`cashout-${second}`);
    await other.getByLabel("Reason (required)").fill("   ");
    await other.getByRole("button", { name: "Reject" }).click();
    await expect(other.getByRole("alert")).toHaveText("Invalid body: reason must not be empty.");
    await other.getByLabel("Reason (required)").fill("Account under review");
    await other.getByRole("button", { name: "Reject" }).click();
    await expect(page.getByTestId("decided")).toHaveText(`Rejected the cashout of ${email}: “Account under review”. No units moved.`);
    await expect(page.getByText("Nothing to review.")).toBeVisible();
    await page.getByRole("navigation", { name: "Cashout status" }).getByRole("link", { name: "All" }).click();
    await expect(page.getByTestId(`cashout-${cashoutRequestId}`)).toContainText("Approved");
    await expect(page.getByTestId(`cashout-${second}`)).toContainText("Account under review");
    await auditPortalPage(page, "cashouts-decided");

    // the ledger changed: 70 left with the player, the cashout journal in their history and the explorer
    await openPortal(page, s, "/ledger");
    await expect(page.getByTestId("currency-GEM").getByTestId("in-circulation")).toHaveText("70");
    await page.getByLabel("Player's userRef").fill(userRef);
    await page.getByRole("button", { name: "Show balances and history" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Player ledger" })).toBeVisible();
    await expect(page.getByTestId("balance-GEM").getByTestId("balance-units")).toHaveText("70");
    await expect(page.getByTestId("balance-COINS").getByTestId("balance-units")).toHaveText("0");
    const history = page
      .getByRole("list", { name: `Journals of ${userRef}` })
      .getByRole("listitem")
      .filter({ has: page.getByRole("table") });
    await expect(history).toHaveCount(2);
    await expect(history.first()).toContainText("cashout");
    await expect(history.first()).toContainText("−30");
    await auditPortalPage(page, "ledger-player");
    await openPortal(page, s, "/ledger/journals?type=cashout");
    await expect(journals).toHaveCount(1);
    await expect(journals.first()).toContainText(`Cashout ${cashoutRequestId}`);

    // players: find them by the beginning of their email, open their page
    await openPortal(page, s, "/players");
    await expect(page.getByRole("heading", { level: 1, name: "Players" })).toBeVisible();
    await auditPortalPage(page, "players");
    await page.getByLabel("userRef or email").fill(email.slice(0, 12).toUpperCase());
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "1 player link" })).toBeVisible();
    await expect(page.getByTestId(`hit-${userRef}`)).toContainText("Game: Test Game");
    await auditPortalPage(page, "players-search");
    await page.getByRole("link", { name: email }).click();
    await expect(page.getByRole("heading", { level: 1, name: email })).toBeVisible();
    await expect(page.getByTestId("player-balance-GEM")).toHaveText("70 GEM");
    await expect(page.getByText("No purchases.")).toBeVisible();
    await auditPortalPage(page, "player");

    // another business's player is a 404
    const missing = await page.goto(`/portal/${s.business.businessId}/players/gmu_test_nobody`);
    expect(missing?.status()).toBe(404);
  } finally {
    receiver.close();
  }
});

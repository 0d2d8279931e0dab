// The portal's request log in a real browser against the production build: the seed's key makes a call
// that succeeds (a wallet purchase) and one that is refused (a field missing); both are in the log within a
// second; the refusal's detail says why (the field); the request id search finds the purchase's call; its
// detail links the purchase's timeline (the request, the ledger journals, the webhook event and its
// delivery). Every page fits the width, is audited with axe and saved as a screenshot, on the desktop
// (the phone: portal-phone.spec).
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createProduct } from "./checkout-support";
import { auditPortalPage, openPortal, signInToPortal, type PortalSeed } from "./portal-support";
import { gameHeaders, initiateLink, startReceiver, uniqueEmail } from "./support";

test.describe.configure({ timeout: 180_000 });

/** The log page, reloaded until the row of `requestId` is there (rows are written in batches, every 250 ms). */
const openLogUntil = async (page: Page, s: PortalSeed, requestId: string) => {
  await expect(async () => {
    await openPortal(page, s, "/logs");
    await expect(page.locator(`[data-request-id="${requestId}"]`)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
};

test("a failing and a succeeding call are in the request log; the refusal is explained; a purchase has a timeline", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await signInToPortal(page, baseURL!, receiver.url);
    const headers = gameHeaders(s);
    const { sessionKey } = await initiateLink(request, s, uniqueEmail("portal-logs"));
    const { userRef } = await (await request.post(`/api/v1/test-helpers/link-sessions/${sessionKey}/approve`, { headers, data: {} })).json();
    expect((await request.post("/api/v1/test-helpers/wallets/fund", { headers, data: { userRef, amountUsdc: "50" } })).status()).toBe(200);
    const item = await createProduct(request, s, { name: "Dragon Pack", price: 999 });

    // the refused call: no itemId
    const refused = await request.post("/api/v1/wallet/purchase", { headers: { ...headers, "idempotency-key": randomUUID() }, data: { userId: userRef } });
    expect(refused.status()).toBe(400);
    const refusedId: string = (await refused.json()).requestId;
    // the call that succeeds
    const idem = randomUUID();
    const bought = await request.post("/api/v1/wallet/purchase", {
      headers: { ...headers, "idempotency-key": idem },
      data: { userId: userRef, itemId: item._id },
    });
    expect(bought.status(), await bought.text()).toBe(200);
    const boughtId = bought.headers()["x-request-id"]!;
    const { purchaseId } = (await bought.json()).data as { purchaseId: string };

    // both in the log
    await openLogUntil(page, s, boughtId);
    await expect(page.getByRole("heading", { level: 1, name: "Request log" })).toBeVisible();
    const okRow = page.locator(`[data-request-id="${boughtId}"]`);
    await expect(okRow).toContainText("POST");
    await expect(okRow).toContainText("/api/v1/wallet/purchase");
    await expect(okRow).toContainText("200");
    await expect(okRow).toContainText(idem);
    const badRow = page.locator(`[data-request-id="${refusedId}"]`);
    await expect(badRow).toContainText("400");
    await expect(badRow).toContainText("VALIDATION_ERROR");
    // the raw key is nowhere on the page
    expect(await page.content()).not.toContain(s.game.serverKey);
    await auditPortalPage(page, "logs");

    // the refusal's explanation
    await badRow.getByRole("link").click();
    await expect(page.getByTestId("request-id")).toHaveText(refusedId);
    const why = page.getByTestId("refusal-explanation");
    await expect(why.getByRole("heading", { name: "Why was this refused?" })).toBeVisible();
    await expect(why).toContainText("Invalid fields");
    await expect(why).toContainText("itemId");
    await expect(why.getByRole("link", { name: /API reference/ })).toHaveAttribute("href", "/docs");
    await auditPortalPage(page, "log-refusal");

    // search by request id: only the purchase's call
    await openPortal(page, s, "/logs");
    await page.getByLabel("Request id").fill(boughtId);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`requestId=${boughtId}`));
    await expect(page.getByTestId("log-row")).toHaveCount(1);
    await expect(page.getByTestId("log-row")).toHaveAttribute("data-request-id", boughtId);
    await auditPortalPage(page, "logs-search");

    // the request's detail: redacted bodies, and the purchase's id as a link to its timeline
    await page.getByTestId("log-row").getByRole("link").click();
    await expect(page.getByRole("region", { name: "Request body" })).toContainText(userRef);
    await expect(page.getByRole("region", { name: "Response body" })).toContainText(purchaseId);
    await auditPortalPage(page, "log-detail");
    await page.getByRole("link", { name: `Timeline of ${purchaseId}` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Purchase ${purchaseId}`);
    await expect(page.getByTestId("timeline-request").first()).toContainText("/api/v1/wallet/purchase");
    await expect(page.getByTestId("timeline-journal").first()).toBeVisible();
    await expect(page.getByTestId("timeline-event").first()).toBeVisible();
    await auditPortalPage(page, "timeline");

    // another business's purchase, or a made-up id: 404
    const missing = await page.goto(`/portal/${s.business.businessId}/timeline/000000000000000000000000`);
    expect(missing?.status()).toBe(404);
  } finally {
    receiver.close();
  }
});

// The final states of a link session as the hosted page shows them, and an unknown key.
import { expect, test } from "@playwright/test";
import { expectHostedPageBasics, gameHeaders, initiateLink, linkDetails, offsiteRequests, screenshot, seed, startReceiver } from "./support";

test("an expired link says so and offers nothing to approve", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const { sessionKey, url } = await initiateLink(request, s);
    const expired = await request.post(`/api/v1/test-helpers/link-sessions/${sessionKey}/expire`, { headers: gameHeaders(s) });
    expect(expired.status()).toBe(200);

    const offsite = offsiteRequests(page, baseURL!);
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has expired");
    await expect(page.getByText(/Ask .+ for a new one\./)).toBeVisible();
    await expect(page).toHaveTitle(/^Link to .+ expired$/);
    await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await expect(page.getByLabel("Password")).toHaveCount(0);
    await expectHostedPageBasics(page);
    await screenshot(page, "link-expired");
    expect(offsite).toEqual([]);
    // Viewing does not change it.
    expect(await linkDetails(request, s, sessionKey)).toMatchObject({ state: "expired", openedAt: null });
  } finally {
    receiver.close();
  }
});

test("a failed link shows the reason", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const { sessionKey, url } = await initiateLink(request, s);
    const failed = await request.post(`/api/v1/test-helpers/link-sessions/${sessionKey}/fail`, {
      headers: gameHeaders(s),
      data: { message: "Your region is not supported yet." },
    });
    expect(failed.status()).toBe(200);
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Linking failed");
    await expect(page.locator("main").getByRole("alert")).toHaveText("Your region is not supported yet.");
    await screenshot(page, "link-failed");
  } finally {
    receiver.close();
  }
});

test("an unknown link key gets a friendly 404 page", async ({ page }) => {
  const res = await page.goto("/link/lks_test_00000000000000000000000000000000");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find this link");
  await expect(page).toHaveTitle("Link not found");
  await expectHostedPageBasics(page);
  await screenshot(page, "link-not-found");
});

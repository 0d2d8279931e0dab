// A player opens the link URL a game sent them, signs up on the hosted page and approves; the game
// receives a signed User.Account.Link.Succeeded and reads the same userRef from the details call.
// The same player then approves a second session for that game and keeps the same userRef.
import { expect, test } from "@playwright/test";
import { expectHook, expectHostedPageBasics, initiateLink, linkDetails, offsiteRequests, screenshot, seed, startReceiver, uniqueEmail } from "./support";

test("a player signs up on the link page and approves", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const email = uniqueEmail("signup");
    const { sessionKey, url } = await initiateLink(request, s, email);
    const gameName = (await linkDetails(request, s, sessionKey)).gameName as string;
    expect(gameName).toBeTruthy();

    const offsite = offsiteRequests(page, baseURL!);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(url);
    await expect(page).toHaveTitle("Link your account · Coinop");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Link your account to ${gameName}`);
    await expect(page.getByText("Test mode")).toBeVisible();
    // A new email: the form starts on sign-up, with the game's email pre-filled.
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expectHostedPageBasics(page);
    await screenshot(page, "link-signup");
    // Keyboard focus is visible on fields and buttons.
    await page.getByLabel("Password").focus();
    expect(await page.getByLabel("Password").evaluate((e) => getComputedStyle(e).outlineStyle)).toBe("solid");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Create account" })).toBeFocused();
    expect(await page.getByRole("button", { name: "Create account" }).evaluate((e) => getComputedStyle(e).outlineStyle)).toBe("solid");

    // Opening the page records openedAt (Started was already sent at initiation).
    expect((await linkDetails(request, s, sessionKey)).openedAt).toEqual(expect.any(String));

    // Too short a password: the error is announced and nothing is created.
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.locator("main").getByRole("alert")).toHaveText("Password must be at least 8 characters.");
    await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
    await screenshot(page, "link-signup-error");

    await page.getByLabel("Password").fill("a-good-password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await expectHostedPageBasics(page);
    await screenshot(page, "link-approve");

    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`You're linked to ${gameName}`);
    await expect(page.getByText(email)).toBeVisible();
    await expect(page).toHaveTitle("Account linked · Coinop");
    await screenshot(page, "link-approved");

    const succeeded = await expectHook(receiver.hooks, s.game.webhookSecret, "User.Account.Link.Succeeded", sessionKey);
    const userRef = succeeded.data.user_ref as string;
    expect(userRef).toMatch(/^gmu_test_[0-9a-f]{24}$/);
    expect(succeeded.data.metadata).toEqual({ idempotencyKey: expect.any(String) });
    const details = await linkDetails(request, s, sessionKey);
    expect(details).toMatchObject({ state: "approved", userRef, gameId: s.game.gameId, environment: "test", prefilledEmail: email, approvedAt: expect.any(String) });

    // A second link for the same game, by the same (still signed-in) player: same userRef.
    const second = await initiateLink(request, s);
    await page.goto(second.url);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(`This account is already linked to ${gameName}. Approving keeps the same link.`);
    await screenshot(page, "link-already-linked");
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`You're linked to ${gameName}`);
    const again = await expectHook(receiver.hooks, s.game.webhookSecret, "User.Account.Link.Succeeded", second.sessionKey);
    expect(again.data.user_ref).toBe(userRef);
    expect((await linkDetails(request, s, second.sessionKey)).userRef).toBe(userRef);

    // The first session, reopened: already approved, nothing to do.
    await page.goto(url);
    await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
    expect(offsite).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    receiver.close();
  }
});

test("a returning player signs in (wrong password first) and a signed-out visitor sees a masked account", async ({ page, browser, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const email = uniqueEmail("returning");
    // The player already has an account with a password (made on an earlier link page).
    const first = await initiateLink(request, s, email);
    await page.goto(first.url);
    await page.getByLabel("Password").fill("my-password-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    // Signed out; signing in is the default now that the email has a password.
    await expect(page.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
    await page.getByLabel("Password").fill("not-my-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("main").getByRole("alert")).toHaveText("Wrong email or password.");
    await screenshot(page, "link-signin-error");
    // Signing up again with that email says to sign in instead.
    await page.getByRole("button", { name: "Create an account" }).click();
    await page.getByLabel("Password").fill("another-password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.locator("main").getByRole("alert")).toContainText("already exists");
    await page.getByRole("button", { name: "Sign in" }).click();

    await page.getByLabel("Password").fill("my-password-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("You're linked to");
    await expectHook(receiver.hooks, s.game.webhookSecret, "User.Account.Link.Succeeded", first.sessionKey);

    // Someone else holding the URL sees that it was approved, not whose account it was.
    const stranger = await browser.newPage();
    await stranger.goto(first.url);
    await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("Already approved");
    await expect(stranger.getByText(`${email[0]}•••@example.com`)).toBeVisible();
    await expect(stranger.getByText(email)).toHaveCount(0);
    await screenshot(stranger, "link-already-approved");
    await stranger.close();
  } finally {
    receiver.close();
  }
});

// A player opens the link URL a game sent them, signs up on the hosted page, confirms their email from the
// mail (read in the development outbox, /dev/mail), comes back signed in and approves; the game receives a
// signed User.Account.Link.Succeeded and reads the same userRef from the details call. The same player then
// approves a second session for that game and keeps the same userRef.
import { expect, test } from "@playwright/test";
import { outboxPath } from "./outbox-token";
import {
  asNewVisitor,
  expectHook,
  expectHostedPageBasics,
  followMailLink,
  initiateLink,
  linkDetails,
  offsiteRequests,
  openNewestMail,
  screenshot,
  seed,
  startReceiver,
  uniqueEmail,
  verifyEmailFromOutbox,
} from "./support";

test("a first-time player signs up on the link page, confirms their email in the outbox, and approves", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    await asNewVisitor(page);
    const email = uniqueEmail("signup");
    const { sessionKey, url } = await initiateLink(request, s, email);
    const gameName = (await linkDetails(request, s, sessionKey)).gameName as string;
    expect(gameName).toBeTruthy();

    const offsite = offsiteRequests(page, baseURL!);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // (the browser logs the 401 of the deliberate wrong password below; that one is expected)
    page.on("console", (m) => m.type() === "error" && !/status of 401 \(Unauthorized\)/.test(m.text()) && errors.push(m.text()));
    await page.goto(url);
    await expect(page).toHaveTitle(`Link your account to ${gameName}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Link your account to ${gameName}`);
    await expect(page.getByText("Test mode")).toBeVisible();
    // The form starts on sign-in for every email: it does not tell who has an account.
    await expect(page.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
    await page.getByRole("button", { name: "Create an account" }).click();
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

    // Too short a password: the error is announced and nothing is sent.
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.locator("main").getByRole("alert")).toHaveText("Password must be at least 8 characters.");
    await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
    await screenshot(page, "link-signup-error");

    // Sign-up signs nobody in: it mails a link.
    await page.getByLabel("Password").fill("a-good-password");
    await page.getByRole("button", { name: "Create account" }).click();
    const answer = page.locator("main").getByRole("status");
    await expect(answer.getByRole("heading", { name: "Check your email" })).toBeFocused();
    await expect(answer).toContainText(`We sent a link to ${email}. Open it to finish creating your account. It works for one hour.`);
    // under `npm start` the outbox needs its token, which a player's page never shows: no link to it here
    await expect(answer.getByRole("link", { name: "mail outbox" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await expectHostedPageBasics(page);
    await screenshot(page, "link-signup-check-email");

    // The outbox, the mail, its link.
    await page.goto(outboxPath());
    await expect(page).toHaveTitle("Mail outbox · Coinop");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mail outbox");
    await expectHostedPageBasics(page);
    await screenshot(page, "dev-mail-outbox", { fullPage: false });
    await openNewestMail(page, email, "Confirm your email to finish creating your account");
    await expect(page.getByText("To finish, open the link below and enter the password you chose.")).toBeVisible();
    await expectHostedPageBasics(page);
    await screenshot(page, "dev-mail-message");
    await followMailLink(page, "verify");
    await expect(page).toHaveTitle("Confirm your email");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(page.getByLabel("Password you chose", { exact: true })).toBeFocused();
    await expectHostedPageBasics(page);
    await screenshot(page, "account-verify");
    // A wrong password does not use the link.
    await page.getByLabel("Password you chose", { exact: true }).fill("not-what-i-chose");
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
    await expect(page.locator("main").getByRole("alert")).toHaveText(/^That is not the password you chose when you signed up\./);
    await screenshot(page, "account-verify-error");
    await page.getByLabel("Password you chose", { exact: true }).fill("a-good-password");
    await page.getByRole("button", { name: "Confirm and sign in" }).click();

    // Back on the link page, signed in.
    await expect(page).toHaveURL(url);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await expectHostedPageBasics(page);
    await screenshot(page, "link-approve");

    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`You're linked to ${gameName}`);
    await expect(page.getByText(email)).toBeVisible();
    await expect(page).toHaveTitle(`Account linked to ${gameName}`);
    await screenshot(page, "link-approved");

    const succeeded = await expectHook(receiver.hooks, s.game.webhookSecret, "User.Account.Link.Succeeded", sessionKey);
    const userRef = succeeded.data.user_ref as string;
    expect(userRef).toMatch(/^gmu_test_[0-9a-f]{24}$/);
    expect(succeeded.data.metadata).toEqual({ idempotencyKey: expect.any(String) });
    const details = await linkDetails(request, s, sessionKey);
    expect(details).toMatchObject({
      state: "approved",
      userRef,
      gameId: s.game.gameId,
      environment: "test",
      prefilledEmail: email,
      approvedAt: expect.any(String),
    });

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
    // The mail link worked once.
    await page.goto(outboxPath("/dev/mail", { to: email }));
    await page.getByRole("list", { name: "Mails" }).getByRole("link").first().click();
    await followMailLink(page, "verify");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link no longer works");
    await screenshot(page, "account-verify-used");
    expect(offsite).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    receiver.close();
  }
});

test("a returning player signs in (wrong password first); signing up again only mails them; a signed-out visitor sees a masked account", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    await asNewVisitor(page);
    const email = uniqueEmail("returning");
    // The player already has an account with a password (made on an earlier link page).
    const first = await initiateLink(request, s, email);
    await page.goto(first.url);
    await page.getByRole("button", { name: "Create an account" }).click();
    await page.getByLabel("Password").fill("my-password-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await verifyEmailFromOutbox(page, { email, password: "my-password-1" });
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
    await page.getByLabel("Password").fill("not-my-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("main").getByRole("alert")).toHaveText("Wrong email or password.");
    await screenshot(page, "link-signin-error");
    // Signing up again with that email answers as for anyone: check your email. The mail says why.
    await page.getByRole("button", { name: "Create an account" }).click();
    await page.getByLabel("Password").fill("another-password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.locator("main").getByRole("status")).toContainText(`We sent a link to ${email}. Open it to finish creating your account.`);
    await page.getByRole("button", { name: "Use a different email" }).click();
    await page.getByRole("button", { name: "Sign in" }).click();

    await page.getByLabel("Password").fill("my-password-1");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("You're linked to");
    await expectHook(receiver.hooks, s.game.webhookSecret, "User.Account.Link.Succeeded", first.sessionKey);
    await openNewestMail(page, email, "You already have an account");
    await expect(page.getByText("but you already have one")).toBeVisible();

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

test("a player who forgot their password resets it from the link page and approves", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    await asNewVisitor(page);
    const email = uniqueEmail("forgot");
    // A guest of this game (a checkout grant made the account from the email; it has no password yet).
    const { sessionKey } = await initiateLink(request, s, email);
    expect(
      (
        await request.post(`/api/v1/test-helpers/link-sessions/${sessionKey}/approve`, {
          headers: { authorization: `Bearer ${s.game.serverKey}`, "x-game-id": s.game.gameId },
          data: { email },
        })
      ).status(),
    ).toBe(200);
    const next = await initiateLink(request, s, email);

    await page.goto(next.url);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expectHostedPageBasics(page);
    await screenshot(page, "link-forgot");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.locator("main").getByRole("status")).toContainText(`We sent a link to ${email}. Open it to choose a new password.`);
    await screenshot(page, "link-forgot-check-email");

    await openNewestMail(page, email, "Set a new password");
    await followMailLink(page, "reset");
    await expect(page).toHaveTitle("Choose a new password");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
    await expectHostedPageBasics(page);
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Save password and sign in" }).click();
    await expect(page.locator("main").getByRole("alert")).toHaveText("Password must be at least 8 characters.");
    await screenshot(page, "account-reset");
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
    await page.getByRole("button", { name: "Save password and sign in" }).click();

    await expect(page).toHaveURL(next.url);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("You're linked to");
    await expectHook(receiver.hooks, s.game.webhookSecret, "User.Account.Link.Succeeded", next.sessionKey);
  } finally {
    receiver.close();
  }
});

// A player opens the link page and backs out: the session is canceled and the game receives a
// signed User.Account.Link.Canceled. A player can back out without signing in.
import { expect, test } from "@playwright/test";
import {
  asNewVisitor,
  expectHook,
  expectHostedPageBasics,
  initiateLink,
  linkDetails,
  screenshot,
  seed,
  signUpOnForm,
  startReceiver,
  uniqueEmail,
  verifyEmailFromOutbox,
} from "./support";

test("a signed-in player backs out with Not now", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const email = uniqueEmail("cancel");
    const { sessionKey, url } = await initiateLink(request, s, email);
    await asNewVisitor(page);
    await page.goto(url);
    await signUpOnForm(page, { email, password: "a-good-password" });
    await verifyEmailFromOutbox(page, { email, password: "a-good-password" });
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await page.getByRole("button", { name: "Not now" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Linking canceled");
    await expect(page).toHaveTitle(/^Linking to .+ canceled$/);
    await expectHostedPageBasics(page);
    await screenshot(page, "link-canceled");

    const hook = await expectHook(receiver.hooks, s.game.webhookSecret, "User.Account.Link.Canceled", sessionKey);
    expect(hook.data).toEqual({ sessionKey });
    const details = await linkDetails(request, s, sessionKey);
    expect(details).toMatchObject({ state: "canceled", canceledAt: expect.any(String) });
    expect(details.userRef).toBeUndefined();
    expect(
      receiver.hooks
        .filter((h) => h.data.sessionKey === sessionKey)
        .map((h) => h.event)
        .sort(),
    ).toEqual(["User.Account.Link.Canceled", "User.Account.Link.Started"]);
  } finally {
    receiver.close();
  }
});

test("a visitor backs out without signing in", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const { sessionKey, url } = await initiateLink(request, s);
    await page.goto(url);
    await expect(page.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("");
    await page.getByRole("button", { name: "Not now" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Linking canceled");
    await expectHook(receiver.hooks, s.game.webhookSecret, "User.Account.Link.Canceled", sessionKey);
    expect((await linkDetails(request, s, sessionKey)).state).toBe("canceled");
  } finally {
    receiver.close();
  }
});

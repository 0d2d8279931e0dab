// Finding 3 of issue 9 in a real browser: the victim is a passwordless player (a game's checkout grant made
// the account from their email). The attacker signs up with the victim's email and a password of their own
// on a hosted page, to sign in as the victim and spend their balances. Now sign-up sets no password: the page
// answers "check your email" as for anyone, the only mail goes to the victim's address, the attacker's
// password signs nothing in, and even the victim clicking that mail cannot finish the attacker's sign-up.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { outboxPath } from "./outbox-token";
import { createGrant, createProduct } from "./checkout-support";
import {
  asNewVisitor,
  expectHostedPageBasics,
  followMailLink,
  initiateLink,
  openNewestMail,
  screenshot,
  seed,
  signUpOnForm,
  startReceiver,
  uniqueEmail,
} from "./support";

test("an attacker signing up with a passwordless player's email gets no account; the mail goes to the victim", async ({ page, browser, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    // The victim: a game made a checkout grant for their email, which created their player, with no password.
    const victim = uniqueEmail("victim");
    const item = await createProduct(request, s, { name: "Gold Pack", price: 500 });
    await createGrant(request, s, { itemId: item._id, email: victim });

    // The attacker opens any hosted link page and signs up with the victim's email.
    await asNewVisitor(page);
    const { url } = await initiateLink(request, s);
    await page.goto(url);
    await signUpOnForm(page, { email: victim, password: "attacker-password" });
    await expect(page.locator("main").getByRole("status")).toContainText(`We sent a link to ${victim}. Open it to finish creating your account.`);
    await expect(page.getByText("Signed in as")).toHaveCount(0);
    await screenshot(page, "security-signup-takeover-check-email");

    // The attacker's password does not open the account.
    await page.getByRole("button", { name: "Use a different email" }).click();
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByLabel("Email").fill(victim);
    await page.getByLabel("Password").fill("attacker-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.locator("main").getByRole("alert")).toHaveText("Wrong email or password.");
    await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await screenshot(page, "security-signup-takeover-signin-refused");

    // The old way in, the credentials endpoint in sign-up mode, answers the same and signs nobody in.
    const old = await page.evaluate(
      async ({ email }) => {
        const { csrfToken } = await (await fetch("/api/auth/csrf")).json();
        const res = await fetch("/api/auth/callback/player-credentials", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ mode: "signup", email, password: "attacker-password", name: "Mallory", csrfToken, json: "true" }),
        });
        const body = await res.json();
        return { status: res.status, error: new URL(body.url).searchParams.get("error"), session: await (await fetch("/api/auth/session")).json() };
      },
      { email: victim },
    );
    expect(old).toEqual({ status: 401, error: "Wrong email or password.", session: {} });

    // The outbox: the one mail went to the victim's own address.
    await openNewestMail(page, victim, "Confirm your email to finish creating your account");
    await expect(page.getByTestId("mail-to")).toHaveText(victim);
    await expectHostedPageBasics(page);
    await screenshot(page, "security-signup-takeover-outbox");
    await page.goto(outboxPath("/dev/mail", { to: victim }));
    await expect(page.getByRole("list", { name: "Mails" }).getByRole("listitem")).toHaveCount(1);

    // The victim opens that mail (in their own browser) and clicks through: it needs the password chosen at
    // sign-up, which only the attacker knows, so the attacker's sign-up cannot be completed by the victim either.
    const victimPage = await (
      await browser.newContext({ viewport: test.info().project.use.viewport ?? undefined, isMobile: test.info().project.use.isMobile })
    ).newPage();
    await asNewVisitor(victimPage);
    await openNewestMail(victimPage, victim, "Confirm your email to finish creating your account");
    await expect(victimPage.getByText("If you did not ask for this, ignore this email")).toBeVisible();
    await followMailLink(victimPage, "verify");
    await victimPage.getByLabel("Password you chose", { exact: true }).fill(`victims-own-${randomUUID().slice(0, 6)}`);
    await victimPage.getByRole("button", { name: "Confirm and sign in" }).click();
    await expect(victimPage.locator("main").getByRole("alert")).toHaveText(/^That is not the password you chose when you signed up\./);
    await expect(victimPage.getByText("You're signed in")).toHaveCount(0);
    await screenshot(victimPage, "security-signup-takeover-victim-link");
    await victimPage.context().close();

    // Still no way in with the attacker's password.
    await page.goto(url);
    await page.getByLabel("Email").fill(victim);
    await page.getByLabel("Password").fill("attacker-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.locator("main").getByRole("alert")).toHaveText("Wrong email or password.");
  } finally {
    receiver.close();
  }
});

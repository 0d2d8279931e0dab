import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { issueEmailToken, tokenHashOf } from "@/lib/auth/issue-email-token";
import { getDb } from "@/lib/db/client";
import { uniquePlayerEmail } from "@/tests/support/players";
import ResetPasswordPage from "./reset/[token]/page";
import VerifyEmailPage from "./verify/[token]/page";

const render = async (page: typeof VerifyEmailPage, token: string) =>
  renderToStaticMarkup((await page({ params: Promise.resolve({ token }) })) as ReactElement);

describe("the pages behind mailed links", () => {
  it("opening a sign-up link (as a mail scanner does, with a GET) shows the form and uses nothing", async () => {
    const email = uniquePlayerEmail();
    const { token } = await issueEmailToken(getDb(), { purpose: "verify_email", email, passwordHash: "$argon2id$x", returnTo: "/link/lks_test_a" });
    for (let i = 0; i < 3; i++) {
      const html = await render(VerifyEmailPage, token);
      expect(html).toContain("Confirm your email</h1>");
      expect(html).toContain(`value="${email}"`);
      expect(html).toContain("Password you chose");
      expect(html).toContain("Confirm and sign in");
    }
    expect((await getDb().emailToken.findUniqueOrThrow({ where: { tokenHash: tokenHashOf(token) } })).usedAt).toBeNull();
  });

  it("a reset link shows the new-password form; unknown, used, expired or other-purpose links say they no longer work", async () => {
    const email = uniquePlayerEmail();
    const { token } = await issueEmailToken(getDb(), { purpose: "reset_password", email });
    expect(await render(ResetPasswordPage, token)).toContain("Save password and sign in");
    expect(await render(VerifyEmailPage, token)).toContain("This link no longer works");
    expect(await render(ResetPasswordPage, "nope")).toContain("Reset links work once, for one hour");
    const old = await issueEmailToken(getDb(), { purpose: "verify_email", email, now: new Date(Date.now() - 2 * 3600_000) });
    expect(await render(VerifyEmailPage, old.token)).toContain("Sign-up links work once, for one hour");
    await getDb().emailToken.updateMany({ where: { tokenHash: tokenHashOf(token) }, data: { usedAt: new Date() } });
    const used = await render(ResetPasswordPage, token);
    expect(used).toContain("This link no longer works");
    expect(used).not.toContain(email);
  });
});

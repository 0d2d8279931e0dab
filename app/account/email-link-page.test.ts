import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { issueEmailToken, tokenHashOf } from "@/lib/auth/issue-email-token";
import { getDb } from "@/lib/db/client";
import { uniquePlayerEmail } from "@/tests/support/players";
import { inRequest } from "@/tests/support/serve-auth";
import ResetPasswordPage from "./reset/[token]/page";
import VerifyEmailPage from "./verify/[token]/page";

// The pages read the browser's language through next/headers: answered from inRequest's headers (none: English).
vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);

const render = async (page: typeof VerifyEmailPage, token: string, acceptLanguage?: string) =>
  inRequest(acceptLanguage ? { "accept-language": acceptLanguage } : {}, async () =>
    renderToStaticMarkup((await page({ params: Promise.resolve({ token }) })) as ReactElement),
  );

describe("the pages behind mailed links", () => {
  it("opening a sign-up link (as a mail scanner does, with a GET) shows the form and uses nothing", async () => {
    const email = uniquePlayerEmail();
    const { token } = await issueEmailToken({ db: getDb() }, { purpose: "verify_email", email, passwordHash: "$argon2id$x", returnTo: "/link/lks_test_a" });
    for (let i = 0; i < 3; i++) {
      const html = await render(VerifyEmailPage, token);
      expect(html).toContain("Confirm your email</h1>");
      expect(html).toContain(`value="${email}"`);
      expect(html).toContain("Password you chose");
      expect(html).toContain("Confirm and sign in");
    }
    expect((await getDb().emailToken.findUniqueOrThrow({ where: { tokenHash: tokenHashOf(token) } })).usedAt).toBeNull();
  });

  it("asks for a password with a way out ('Forgot password?'), in the browser's language", async () => {
    const email = uniquePlayerEmail();
    const { token } = await issueEmailToken({ db: getDb() }, { purpose: "verify_email", email, passwordHash: "$argon2id$x", returnTo: "/link/lks_test_a" });
    expect(await render(VerifyEmailPage, token)).toMatch(/<button type="button" aria-expanded="false"[^>]*>Forgot password\?<\/button>/);
    const fr = await render(VerifyEmailPage, token, "fr-CA,fr;q=0.9");
    expect(fr).toContain("Confirmez votre adresse e-mail</h1>");
    expect(fr).toContain("Mot de passe choisi");
    expect(fr).toContain("Confirmer et se connecter");
    expect(fr).toMatch(/>Mot de passe oublié \?<\/button>/);
    expect(fr).toContain('lang="fr"');
    const reset = await issueEmailToken({ db: getDb() }, { purpose: "reset_password", email });
    const resetHtml = await render(ResetPasswordPage, reset.token, "fr");
    expect(resetHtml).toContain("Enregistrer et se connecter");
    // the reset form asks for a new password: nothing to have forgotten
    expect(resetHtml).not.toContain("oublié");
    expect(await render(ResetPasswordPage, "nope", "fr")).toContain("Ce lien ne fonctionne plus");
  });

  it("a reset link shows the new-password form; unknown, used, expired or other-purpose links say they no longer work", async () => {
    const email = uniquePlayerEmail();
    const { token } = await issueEmailToken({ db: getDb() }, { purpose: "reset_password", email });
    expect(await render(ResetPasswordPage, token)).toContain("Save password and sign in");
    expect(await render(VerifyEmailPage, token)).toContain("This link no longer works");
    expect(await render(ResetPasswordPage, "nope")).toContain("Reset links work once, for one hour");
    const old = await issueEmailToken({ db: getDb() }, { purpose: "verify_email", email, now: new Date(Date.now() - 2 * 3600_000) });
    expect(await render(VerifyEmailPage, old.token)).toContain("Sign-up links work once, for one hour");
    await getDb().emailToken.updateMany({ where: { tokenHash: tokenHashOf(token) }, data: { usedAt: new Date() } });
    const used = await render(ResetPasswordPage, token);
    expect(used).toContain("This link no longer works");
    expect(used).not.toContain(email);
  });
});

// Finding 8 of issue 26: /portal/developer-login, the seed's test login (a developer account's email and
// password made into a verified player), was served by the production build too (`npm start`, where Next runs
// with NODE_ENV=production). Rule (docs/decisions/portal.md): it exists in development and tests only: in
// production the page is a 404, its action refuses and creates nothing, and the portal's sign-in does not
// link to it. (COINOP_DEVELOPER_LOGIN=1 turns it back on for the end-to-end tests' production build.)
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { claimDeveloperLoginAction } from "@/app/portal/actions";
import DeveloperLoginPage from "@/app/portal/developer-login/page";
import { SignInCard } from "@/app/portal/_lib/page";
import { getDb } from "@/lib/db/client";
import { addBusinessMember } from "@/lib/tenants/add-business-member";
import { createBusiness } from "@/lib/tenants/create-business";
import { createDeveloperAccount } from "@/lib/tenants/create-developer-account";
import { uniqueIp } from "@/tests/support/players";
import { inRequest } from "@/tests/support/serve-auth";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);

const env = process.env as Record<string, string | undefined>;
afterEach(() => {
  env.NODE_ENV = "test";
  delete env.COINOP_DEVELOPER_LOGIN;
});

/** What `npm run seed` makes: a developer account owning a test business. */
const seedLogin = async () => {
  const email = `dev-${Math.random().toString(36).slice(2, 10)}@coinop.test`;
  const dev = await createDeveloperAccount({ db: getDb() }, { email, name: "Dev", password: "seed-pass-123" });
  const business = await createBusiness({ db: getDb() }, { name: `Studio ${email}`, environment: "test", ownerId: dev.id });
  await addBusinessMember({ db: getDb() }, { businessId: business.id, email, roles: ["admin"], isOwner: true });
  return { email, password: "seed-pass-123" };
};

// the form's useRouter() needs Next's router context, which only a running app mounts: an inert one for rendering
const router = { back() {}, forward() {}, refresh() {}, push() {}, replace() {}, prefetch() {} } as unknown as AppRouterInstance;
const page = () =>
  inRequest({}, async () =>
    renderToStaticMarkup(createElement(AppRouterContext.Provider, { value: router }, (await DeveloperLoginPage()) as ReactElement)),
  ).then(
    (html) => html,
    (e: { digest?: string; message?: string }) => `thrown: ${e.digest ?? e.message}`,
  );
const claim = (login: { email: string; password: string }) => {
  const form = new FormData();
  form.set("email", login.email);
  form.set("password", login.password);
  return inRequest({ "x-forwarded-for": uniqueIp() }, () => claimDeveloperLoginAction(form));
};
const signInCard = () => renderToStaticMarkup(createElement(AppRouterContext.Provider, { value: router }, SignInCard({ environment: "test", locale: "en" })));

describe("the developer login in production (npm start)", () => {
  it("the page is a 404, the action refuses the seed's right password and makes no player, the sign-in does not link to it", async () => {
    const login = await seedLogin();
    env.NODE_ENV = "production";
    expect(await page()).toBe("thrown: NEXT_HTTP_ERROR_FALLBACK;404");
    expect(await claim(login)).toEqual({ ok: false, error: "The developer login was not found." });
    expect(await getDb().player.count({ where: { email: login.email } })).toBe(0);
    expect(signInCard()).not.toContain("/portal/developer-login");
  });
});

describe("the developer login in development and tests", () => {
  for (const mode of ["development", "test"]) {
    it(`works under NODE_ENV=${mode}: the page renders, the action makes the verified player, the sign-in links to it`, async () => {
      const login = await seedLogin();
      env.NODE_ENV = mode;
      const html = await page();
      expect(html).toContain("Developer login</h1>");
      expect(html).toContain('aria-label="Developer login"');
      expect(await claim(login)).toEqual({ ok: true });
      expect((await getDb().player.findUniqueOrThrow({ where: { email: login.email } })).emailVerifiedAt).toBeInstanceOf(Date);
      expect(signInCard()).toContain('href="/portal/developer-login"');
    });
  }

  it("the end-to-end tests' production build turns it on explicitly (COINOP_DEVELOPER_LOGIN=1)", async () => {
    const login = await seedLogin();
    env.NODE_ENV = "production";
    env.COINOP_DEVELOPER_LOGIN = "1";
    expect(await page()).toContain("Developer login</h1>");
    expect(await claim(login)).toEqual({ ok: true });
  });
});

// The business pages in the reader's language: a platform's connect link (signed out: the platform, what it
// asks, the sign-in form) and the verification page, in English by default and in French for a French
// browser, with tab titles and link previews that name the platform and the action.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { POST as CREATE } from "@/app/api/v1/platform/link-sessions/route";
import { call } from "@/tests/support/http";
import { makePlatformTenant } from "@/tests/support/platform";
import { inRequest } from "@/tests/support/serve-auth";
import ConnectSessionPage, { generateMetadata as connectMetadata } from "./connect/[sessionKey]/page";
import BusinessVerificationPage, { generateMetadata as verificationMetadata } from "./[businessId]/verification/page";

// The pages read the browser's language (and the session cookie) through next/headers: answered from inRequest's headers.
vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
// The sign-in form (a client component) asks for the App Router, which a bare render has not mounted.
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} }),
}));

const headersOf = (acceptLanguage?: string): Record<string, string> => (acceptLanguage ? { "accept-language": acceptLanguage } : {});
const html = (acceptLanguage: string | undefined, page: () => Promise<unknown>) =>
  inRequest(headersOf(acceptLanguage), async () => renderToStaticMarkup((await page()) as ReactElement));

describe("the platform connect page, signed out", () => {
  it("names the platform and what it asks, in English or French, in the page and in its title", async () => {
    const t = await makePlatformTenant({ grantScopes: null });
    const { sessionKey } = (await call(CREATE, { headers: t.mgmt, body: { scopes: ["item:read", "gift:read"] } })).body;
    const props = { params: Promise.resolve({ sessionKey }) };
    const platform = t.platform.name;

    const en = await html(undefined, () => ConnectSessionPage(props));
    expect(en).toContain(`Connect ${platform} to your business</h1>`);
    expect(en).toContain("See the items in your games");
    expect(en).toContain("Sign in with the email that administers your business.");
    const enMeta = await inRequest({}, () => connectMetadata(props));
    expect(enMeta.title).toEqual({ absolute: `Connect ${platform} to your business` });
    expect(enMeta.description).toBe(`${platform} asks to act for your business. See what it may do, then approve or decline.`);

    const fr = await html("fr-FR,fr;q=0.9", () => ConnectSessionPage(props));
    expect(fr).toContain('lang="fr"');
    expect(fr).toContain(`Connecter ${platform} à votre entreprise</h1>`);
    expect(fr).toContain("Voir les objets de vos jeux");
    expect(fr).toContain("Mode test");
    // the sign-in form and the frame speak French too
    expect(fr).toContain("Se connecter");
    expect(fr).toContain("Aller au contenu");
    expect(fr).not.toContain("Sign in");
    expect((await inRequest(headersOf("fr"), () => connectMetadata(props))).title).toEqual({ absolute: `Connecter ${platform} à votre entreprise` });
  });

  it("speaks the language the platform set in the session's metadata.locale, whatever the browser's", async () => {
    const t = await makePlatformTenant({ grantScopes: null });
    const body = { scopes: ["item:read"], metadata: { locale: "fr" } };
    const { sessionKey } = (await call(CREATE, { headers: t.mgmt, body })).body;
    const props = { params: Promise.resolve({ sessionKey }) };
    const page = await html("en-US,en;q=0.9", () => ConnectSessionPage(props));
    expect(page).toContain('lang="fr"');
    expect(page).toContain(`Connecter ${t.platform.name} à votre entreprise</h1>`);
    expect((await inRequest(headersOf("en-US"), () => connectMetadata(props))).title).toEqual({ absolute: `Connecter ${t.platform.name} à votre entreprise` });
  });
});

describe("the business verification page, signed out", () => {
  it("asks to sign in, in the reader's language, naming no business", async () => {
    const t = await makePlatformTenant();
    const props = { params: Promise.resolve({ businessId: t.business.id }) };
    const en = await html(undefined, () => BusinessVerificationPage(props));
    expect(en).toContain("Business verification</h1>");
    expect(en).toContain("Sign in with the email that administers the business to see its verification and complete it.");
    expect(en).not.toContain(t.business.name);
    const fr = await html("fr", () => BusinessVerificationPage(props));
    expect(fr).toContain("Vérification de l’entreprise</h1>");
    expect(fr).toContain("Se connecter");
    const meta = await inRequest(headersOf("fr"), () => verificationMetadata(props));
    expect(meta.title).toEqual({ absolute: "Vérification de l’entreprise" });
    expect(JSON.stringify(meta)).not.toContain(t.business.name);
  });
});

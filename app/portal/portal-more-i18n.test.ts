// The portal pages of the "portal-more" catalog in French (the browser's Accept-Language, no account
// setting): the sign-in card, the business list, the not-found page and the campaigns list speak French,
// with lang="fr" on their content; the same pages in English keep their English words.
import "@/tests/support/serve-auth";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { makePortalTenant, renderPortalPage, servePortalAuth } from "@/tests/support/portal";
import { inRequest } from "@/tests/support/serve-auth";
import ActivationPage from "./[businessId]/activation/page";
import CampaignsPage from "./[businessId]/campaigns/page";
import HelpersPage from "./[businessId]/helpers/page";
import PortalNotFound from "./[businessId]/not-found";
import PlatformsPage from "./[businessId]/platforms/page";
import PortalHome from "./page";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} }),
}));

const auth = servePortalAuth(authRoute);
const FR = { "accept-language": "fr-FR,fr;q=0.9" };

const home = (headers: Record<string, string>) =>
  inRequest(headers, async () => renderToStaticMarkup((await PortalHome({ searchParams: Promise.resolve({}) })) as ReactElement));

describe("the portal-more pages in French", () => {
  it("sign-in card and business list", async () => {
    const t = await makePortalTenant();
    const { viewer } = await auth.signInMembers({ viewer: t.viewer });
    const signIn = await home(FR);
    expect(signIn).toContain("Connexion au portail développeur</h1>");
    expect(signIn).toMatch(/<main[^>]* lang="fr"/);
    expect(signIn).not.toContain("Sign in to the developer portal");

    const list = await home({ ...viewer, ...FR });
    expect(list).toContain("Vos entreprises</h1>");
    expect(list).toContain("Créer une autre entreprise");
    expect(list).toContain("Nom de l’entreprise");
    expect(list).toMatch(/<main[^>]* lang="fr"/);
    expect(list).toContain(t.business.name);

    const english = await home(viewer);
    expect(english).toContain("Your businesses</h1>");
    expect(english).toMatch(/<main[^>]* lang="en"/);
  });

  it("campaigns list, platforms, go live, test helpers and the not-found page", async () => {
    const t = await makePortalTenant();
    const { developer } = await auth.signInMembers({ developer: t.developer });
    const fr = await renderPortalPage({ ...developer, ...FR }, CampaignsPage, { businessId: t.business.id });
    expect(fr).toContain("Campagnes</h1>");
    expect(fr).toContain("Aucune campagne de test pour l’instant.");
    expect(fr).toMatch(/<main[^>]* lang="fr"/);
    const en = await renderPortalPage(developer, CampaignsPage, { businessId: t.business.id });
    expect(en).toContain("No test campaigns yet. Campaigns are created through the platform API.");

    const platforms = await renderPortalPage({ ...developer, ...FR }, PlatformsPage, { businessId: t.business.id });
    expect(platforms).toContain("Plateformes</h1>");
    expect(platforms).toContain("Vos plateformes");
    expect(platforms).toMatch(/<main[^>]* lang="fr"/);

    const activation = await renderPortalPage({ ...developer, ...FR }, ActivationPage, { businessId: t.business.id });
    expect(activation).toContain("Passer en production</h1>");
    expect(activation).toContain("Le mode test est à vous tout de suite.");
    expect(activation).toMatch(/<main[^>]* lang="fr"/);
    const activationEn = await renderPortalPage(developer, ActivationPage, { businessId: t.business.id });
    expect(activationEn).toContain("Go live</h1>");

    const helpers = await renderPortalPage({ ...developer, ...FR }, HelpersPage, { businessId: t.business.id });
    expect(helpers).toContain("Outils de test</h1>");
    expect(helpers).toContain("Approuver une session de liaison");
    expect(helpers).toMatch(/<main[^>]* lang="fr"/);
    const helpersLive = await renderPortalPage({ ...developer, ...FR }, HelpersPage, { businessId: t.business.id }, { env: "live" });
    expect(helpersLive).toContain("Les outils de test ne fonctionnent qu’en mode test");
    const helpersEn = await renderPortalPage(developer, HelpersPage, { businessId: t.business.id });
    expect(helpersEn).toContain("Add test USDC to a linked player’s wallet (from the test USDC mint).");

    const missing = await inRequest({ ...developer, ...FR }, async () => renderToStaticMarkup((await PortalNotFound()) as ReactElement));
    expect(missing).toContain("Introuvable · Portail développeur</title>");
    expect(missing).toContain("Cette entreprise ou ce jeu n’existe pas, ou votre compte n’en est pas membre.");
    expect(missing).toContain('lang="fr"');
  });
});

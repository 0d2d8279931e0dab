// The portal's members and audit pages in the member's language (issue 30, item 17): with a French browser the
// pages, the members actions' answers and the audit sentences are French and the content is marked lang="fr";
// with an English one they read as before.
import "@/tests/support/serve-auth";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { INITIAL_FORM_STATE } from "@/components/portal/portal-form";
import { formData as form, makePortalTenant, renderPortalPage, servePortalAuth } from "@/tests/support/portal";
import { inRequest } from "@/tests/support/serve-auth";
import { createKeyAction, rotateKeyAction } from "./[businessId]/actions";
import AuditPage from "./[businessId]/audit/page";
import KeysPage from "./[businessId]/keys/page";
import { inviteMemberAction } from "./[businessId]/members/actions";
import MembersPage from "./[businessId]/members/page";
import { createEndpointAction, sendTestAction } from "./[businessId]/webhooks/actions";
import WebhooksPage from "./[businessId]/webhooks/page";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
// the live log polls in the browser only: rendered on the server it has no data yet
vi.mock("@tanstack/react-query", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@tanstack/react-query")>()),
  useQuery: () => ({ data: undefined, error: null, dataUpdatedAt: 0 }),
}));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} }),
}));

const auth = servePortalAuth(authRoute);
const FR = { "accept-language": "fr-FR,fr;q=0.9" };
const EN = { "accept-language": "en-US,en;q=0.9" };
const nbsp = "\u00a0";

describe("the members and audit pages in French", () => {
  it("webhooks: the page, the endpoint card, the delivery log and the actions' answers", async () => {
    const t = await makePortalTenant();
    const { developer } = await auth.signInMembers({ developer: t.developer });
    const businessId = t.business.id;
    const bound = { businessId, gameId: t.game.id };
    const added = await inRequest({ ...developer, ...FR }, () =>
      createEndpointAction(bound, INITIAL_FORM_STATE, form({ url: "http://127.0.0.1:9/hook", eventTypes: "", description: "Reçu" })),
    );
    expect(added.error).toBeNull();
    expect(added.notice).toBe(`Point de terminaison ajouté${nbsp}: http://127.0.0.1:9/hook (tous les événements).`);
    expect(added.secret?.heading).toBe("Son secret de signature");
    const page = await renderPortalPage({ ...developer, ...FR }, WebhooksPage, { businessId });
    expect(page).toContain(`<main id="main" lang="fr"`);
    expect(page).toContain("Ajouter un point de terminaison");
    expect(page).toContain("Journal des livraisons");
    expect(page).toContain("Tous les statuts");
    expect(page).toContain(`En direct${nbsp}: les nouvelles livraisons s’affichent d’elles-mêmes`);
    expect(page).toContain("Envoyer un événement de test");
    expect(page).not.toContain("Add endpoint");
    const endpointId = /data-testid="endpoint-([^"]+)" data-primary="no"/.exec(page)![1]!;
    const sent = await inRequest({ ...developer, ...FR }, () => sendTestAction({ ...bound, endpointId }, INITIAL_FORM_STATE, form({})));
    expect(sent.notice).toMatch(/^Événement de test envoyé \(événement .+\)\. Il apparaît dans le journal des livraisons/);
    const english = await renderPortalPage({ ...developer, ...EN }, WebhooksPage, { businessId });
    expect(english).toContain("Add endpoint");
    expect(english).toContain("Delivery log");
  });

  it("keys: the page, the revoke dialog and the key actions' answers", async () => {
    const t = await makePortalTenant();
    const { developer } = await auth.signInMembers({ developer: t.developer });
    const businessId = t.business.id;
    const made = await inRequest({ ...developer, ...FR }, () => createKeyAction({ businessId, gameId: t.game.id }, INITIAL_FORM_STATE, form({ label: "CI" })));
    expect(made.notice).toBe(`Clé «${nbsp}CI${nbsp}» créée.`);
    expect(made.secret?.heading).toMatch(/^Votre nouvelle clé \(service_server_test_.+…\)$/);
    const page = await renderPortalPage({ ...developer, ...FR }, KeysPage, { businessId });
    const keyId = /data-testid="key-([^"]+)"/.exec(page)![1]!;
    const rotated = await inRequest({ ...developer, ...FR }, () => rotateKeyAction({ businessId, keyId }, INITIAL_FORM_STATE, form({ gracePeriodDays: "7" })));
    expect(rotated.notice).toMatch(/^Clé renouvelée\. L’ancienne clé fonctionne jusqu’au \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    const after = await renderPortalPage({ ...developer, ...FR }, KeysPage, { businessId });
    expect(after).toContain(`<main id="main" lang="fr"`);
    expect(after).toContain("Clés serveur");
    expect(after).toContain("Créer la clé");
    expect(after).toMatch(/Expire dans 6 jours 23 heures|Expire dans 7 jours/);
    expect(after).toContain("Révoquer…");
    expect(after).toContain("page Plateformes</a>");
    expect(after).not.toContain("Create key");
    const english = await renderPortalPage({ ...developer, ...EN }, KeysPage, { businessId });
    expect(english).toContain("Server keys, sent with <code");
    expect(english).toContain("Create key");
  });

  it("invite, list and log in the browser's language", async () => {
    const t = await makePortalTenant();
    const { admin, viewer } = await auth.signInMembers({ admin: t.admin, viewer: t.viewer });
    const businessId = t.business.id;

    const invited = await inRequest({ ...admin, ...FR }, () =>
      inviteMemberAction({ businessId }, INITIAL_FORM_STATE, form({ email: "zoe@example.com", role_developer: "yes" })),
    );
    expect(invited.error).toBeNull();
    expect(invited.notice).toMatch(
      /^(Invitation envoyée à zoe@example\.com \(développeur\)\.|zoe@example\.com a été ajouté \(développeur\), mais l’e-mail d’invitation)/,
    );
    // a bad role value is refused in French, nothing invited
    const refused = await inRequest({ ...admin, ...FR }, () =>
      inviteMemberAction({ businessId }, INITIAL_FORM_STATE, form({ email: "yan@example.com", role_viewer: "x".repeat(20) })),
    );
    expect(refused.error).toBe("Choisissez des rôles dans la liste.");

    const members = await renderPortalPage({ ...admin, ...FR }, MembersPage, { businessId });
    expect(members).toContain(`<main id="main" lang="fr"`);
    expect(members).toContain("Inviter un membre");
    expect(members).toContain("Invitation en attente");
    expect(members).toContain("Envoyer l’invitation");
    expect(members).toContain("tout sauf les propriétaires");
    expect(members).not.toContain("Invite a member");

    const readOnly = await renderPortalPage({ ...viewer, ...FR }, MembersPage, { businessId });
    expect(readOnly).toContain("Seuls les propriétaires et les administrateurs invitent des membres et modifient les rôles.");

    const audit = await renderPortalPage({ ...admin, ...FR }, AuditPage, { businessId });
    expect(audit).toContain(`<main id="main" lang="fr"`);
    expect(audit).toContain("Journal d’audit");
    expect(audit).toContain("Exporter en CSV");
    expect(audit).toContain(`Invitation envoyée à «${nbsp}zoe@example.com${nbsp}» avec les rôles developer`);
    expect(audit).toContain("Ouvrir les membres");
    expect(audit).toContain("Appliquer les filtres");
    expect(audit).not.toContain("Export CSV");

    const english = await renderPortalPage({ ...admin, ...EN }, AuditPage, { businessId });
    expect(english).toContain(`<main id="main" lang="en"`);
    expect(english).toContain("Invited “zoe@example.com” as developer");
    expect(english).toContain("Export CSV");
    expect(english).toContain("Open members");
  });
});

// The request logs, a platform's page and its webhooks page in the member's language (issue 30, item 17): with a
// French browser the pages and the platform key and scope actions' answers are French and the content is marked
// lang="fr"; with an English one they read as before.
import "@/tests/support/serve-auth";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { randomUUID } from "node:crypto";
import { GET as getMe } from "@/app/api/v1/platform/me/route";
import { POST as walletPurchase } from "@/app/api/v1/wallet/purchase/route";
import { INITIAL_FORM_STATE } from "@/components/portal/portal-form";
import { getDb } from "@/lib/db/client";
import { drainRequestLog, setRequestCapture } from "@/lib/request-log/capture-request";
import { call } from "@/tests/support/http";
import { platformHeaders } from "@/tests/support/platform";
import { makePortalMembers, makePortalTenant, renderPortalPage, servePortalAuth } from "@/tests/support/portal";
import { makeStore } from "@/tests/support/purchases";
import { inRequest } from "@/tests/support/serve-auth";
import BusinessRequestPage from "./[businessId]/logs/[requestId]/page";
import BusinessLogsPage from "./[businessId]/logs/page";
import RequestPage from "./[businessId]/platforms/[platformId]/logs/[requestId]/page";
import LogsPage from "./[businessId]/platforms/[platformId]/logs/page";
import PlatformPage from "./[businessId]/platforms/[platformId]/page";
import WebhooksPage from "./[businessId]/platforms/[platformId]/webhooks/page";
import { createPlatformKeyAction, registerPlatformAction, requestPlatformScopesAction, rotatePlatformKeyAction } from "./[businessId]/platforms/actions";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
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
const form = (fields: Record<string, string | string[]>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) f.append(k, one);
  return f;
};

describe("the request logs and a platform's pages in French", () => {
  it("the business's request log", async () => {
    const t = await makePortalTenant();
    const { developer } = await auth.signInMembers({ developer: t.developer });
    const businessId = t.business.id;
    const page = await renderPortalPage({ ...developer, ...FR }, BusinessLogsPage, { businessId });
    expect(page).toContain(`<main id="main" lang="fr"`);
    expect(page).toContain("Journal des requêtes</h1>");
    expect(page).toContain("Appels récents à <code>/v1</code> en test par vos clés");
    expect(page).toContain("Aucune requête en test pour l’instant.");
    expect(page).toContain("Identifiant de requête");
    expect(page).toContain("Effacer les filtres");
    expect(page).not.toContain("Recent requests");
    const english = await renderPortalPage({ ...developer, ...EN }, BusinessLogsPage, { businessId });
    expect(english).toContain(`<main id="main" lang="en"`);
    expect(english).toContain("Recent test calls to <code>/v1</code> by your keys");
    expect(english).toContain("No test requests yet. Calls with your keys appear here within a second.");
    expect(english).toContain("Clear filters");
  });

  it("a platform's page, its actions' answers, its webhooks and its request log", async () => {
    const t = await makePortalTenant();
    const { developer } = await auth.signInMembers({ developer: t.developer });
    const b = t.business.id;
    await inRequest(developer, () => registerPlatformAction({ businessId: b }, INITIAL_FORM_STATE, form({ name: "Hub", description: "" }))).catch(() => null);
    const platform = await getDb().platform.findFirstOrThrow({ where: { ownerBusinessId: b } });
    const ids = { businessId: b, platformId: platform.id };

    const asked = await inRequest({ ...developer, ...FR }, () =>
      requestPlatformScopesAction(ids, INITIAL_FORM_STATE, form({ environment: "test", scopes: ["campaign:read"] })),
    );
    expect(asked.notice).toBe(`Approuvées${nbsp}: campaign:read (pour les clés de test).`);
    const made = await inRequest({ ...developer, ...FR }, () =>
      createPlatformKeyAction(ids, INITIAL_FORM_STATE, form({ label: "k", environment: "test", scopes: ["platform:read", "campaign:read"] })),
    );
    expect(made.notice).toBe(`Clé «${nbsp}k${nbsp}» créée (test, 2 autorisations).`);
    expect(made.secret?.heading).toMatch(/^Votre nouvelle clé \(service_platform_test_.+…\)$/);
    const refused = await inRequest({ ...developer, ...FR }, () =>
      createPlatformKeyAction(ids, INITIAL_FORM_STATE, form({ label: "x".repeat(201), environment: "test" })),
    );
    expect(refused.error).toContain("Le libellé est trop long.");
    const english = await inRequest({ ...developer, ...EN }, () =>
      requestPlatformScopesAction(ids, INITIAL_FORM_STATE, form({ environment: "test", scopes: ["invoice:read"] })),
    );
    expect(english.notice).toBe("Approved: invoice:read (for test keys).");

    const page = await renderPortalPage({ ...developer, ...FR }, PlatformPage, ids);
    expect(page).toContain(`<main id="main" lang="fr"`);
    expect(page).toContain("Hub</h1>");
    expect(page).toContain("Demandes d’autorisations");
    expect(page).toContain("Clés de test");
    expect(page).toContain("Créer la clé");
    expect(page).toContain("2 sur 2 autorisations actives");
    expect(page).toContain("Renouveler");
    expect(page).not.toContain("Create key");
    const keyId = /data-testid="key-([^"]+)"/.exec(page)![1]!;
    const rotated = await inRequest({ ...developer, ...FR }, () =>
      rotatePlatformKeyAction({ ...ids, keyId }, INITIAL_FORM_STATE, form({ gracePeriodDays: "1" })),
    );
    expect(rotated.notice).toBe("Clé renouvelée. L’ancienne clé fonctionne encore 1 jour, puis reçoit 401.");
    const englishPage = await renderPortalPage({ ...developer, ...EN }, PlatformPage, ids);
    expect(englishPage).toContain(`<main id="main" lang="en"`);
    expect(englishPage).toContain("Create key");
    expect(englishPage).toContain("Scope requests");

    const hooks = await renderPortalPage({ ...developer, ...FR }, WebhooksPage, ids);
    expect(hooks).toContain(`<main id="main" lang="fr"`);
    expect(hooks).toContain("Là où Coinop envoie les événements de cette plateforme");
    expect(hooks).toContain("Ajouter un point de terminaison");
    expect(hooks).toContain("Journal des livraisons");
    expect(hooks).not.toContain("Add endpoint");
    expect(await renderPortalPage({ ...developer, ...EN }, WebhooksPage, ids)).toContain("Add endpoint");

    setRequestCapture(true);
    expect((await call(getMe, { headers: { ...platformHeaders(made.secret!.value), "x-request-id": `hub-${platform.id}` } })).status).toBe(200);
    await drainRequestLog();
    setRequestCapture(undefined);
    const log = await renderPortalPage({ ...developer, ...FR }, LogsPage, ids);
    expect(log).toContain(`<main id="main" lang="fr"`);
    expect(log).toContain(`Son journal des requêtes${nbsp}: appels récents à <code>/v1</code> en test`);
    expect(log).toContain("Requêtes récentes");
    expect(log).toContain("Latence");
    expect(log).toContain("/api/v1/platform/me");
    const detail = await renderPortalPage({ ...developer, ...FR }, RequestPage, { ...ids, requestId: `hub-${platform.id}` });
    expect(detail).toContain(`<main id="main" lang="fr"`);
    expect(detail).toContain("Identifiant de requête");
    expect(detail).toContain("Environnement");
    expect(detail).toContain("Corps de la requête");
    expect(detail).toContain(">Journal des requêtes");
    expect(detail).not.toContain("Response body");
    const englishDetail = await renderPortalPage({ ...developer, ...EN }, RequestPage, { ...ids, requestId: `hub-${platform.id}` });
    expect(englishDetail).toContain("Response body");
    expect(englishDetail).toContain("As stored: secrets replaced by [REDACTED], cut to about 4 KB.");
  });

  it("a refused request's detail: the page's words in French, the API's explanation marked English", async () => {
    const store = await makeStore({ players: 1 });
    const other = await makeStore({ players: 1 });
    const members = await makePortalMembers(store.business.id, other.business.id);
    const { developer } = await auth.signInMembers({ developer: members.developer });
    setRequestCapture(true);
    const bad = await call(walletPurchase, { headers: { ...store.headers, "idempotency-key": randomUUID() }, body: { userId: store.users[0] } });
    await drainRequestLog();
    setRequestCapture(undefined);
    expect(bad.status).toBe(400);
    const ids = { businessId: store.business.id, requestId: bad.headers.get("x-request-id")! };
    const page = await renderPortalPage({ ...developer, ...FR }, BusinessRequestPage, ids);
    expect(page).toContain(`<main id="main" lang="fr"`);
    expect(page).toContain(`Pourquoi a-t-elle été refusée${nbsp}?`);
    expect(page).toContain("Référence de l’API");
    expect(page).toContain("Code d’erreur");
    expect(page).toMatch(/<p class="[^"]*" lang="en">Invalid fields/);
    const english = await renderPortalPage({ ...developer, ...EN }, BusinessRequestPage, ids);
    expect(english).toContain("Why was this refused?");
    expect(english).toContain("Error code");
    expect(english).not.toContain('lang="en">Invalid fields');
  });
});

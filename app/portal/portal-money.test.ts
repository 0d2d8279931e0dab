// The portal's money pages (ledger, players, cashouts, disputes) in the member's language: French when the
// browser asks for it (the "portal-money" catalog, French numbers and dates, <main lang="fr">), English
// otherwise, and the ledger forms' answers (field errors, success lines) in the same language.
import "@/tests/support/serve-auth";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { INITIAL_FORM_STATE } from "@/components/portal/portal-form";
import { formData as form, makePortalTenant, renderPortalPage, servePortalAuth } from "@/tests/support/portal";
import { linkUser } from "@/tests/support/fixtures";
import { inRequest } from "@/tests/support/serve-auth";
import CashoutsPage from "./[businessId]/cashouts/page";
import DisputesPage from "./[businessId]/disputes/page";
import { createCurrencyAction, setRateAction } from "./[businessId]/ledger/actions";
import JournalsPage from "./[businessId]/ledger/journals/page";
import LedgerPage from "./[businessId]/ledger/page";
import LedgerPlayerPage from "./[businessId]/ledger/players/[playerRef]/page";
import PlayerPage from "./[businessId]/players/[playerRef]/page";
import PlayersPage from "./[businessId]/players/page";
import TimelinePage from "./[businessId]/timeline/[objectId]/page";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} }),
}));

const auth = servePortalAuth(authRoute);

describe("the portal's money pages in French", () => {
  it("speak French to a French browser and English to the others, forms included", async () => {
    const t = await makePortalTenant();
    const developer = await auth.signIn(t.developer);
    const fr = { ...developer, "accept-language": "fr-FR,fr;q=0.9" };
    const en = { ...developer, "accept-language": "en-US,en;q=0.9" };
    const businessId = t.business.id;

    const made = await inRequest(fr, () =>
      createCurrencyAction({ businessId, gameId: t.game.id }, INITIAL_FORM_STATE, form({ code: "GEMS", name: "Gems", baseUnitsPerVcUnit: "2500" })),
    );
    expect(made).toMatchObject({ error: null, notice: "Monnaie GEMS (« Gems ») créée à 0,0025 USDC l’unité." });
    const tooLong = await inRequest(fr, () =>
      createCurrencyAction({ businessId, gameId: t.game.id }, INITIAL_FORM_STATE, form({ code: "X".repeat(41), name: "Big", baseUnitsPerVcUnit: "" })),
    );
    expect(tooLong).toMatchObject({ error: "Le code est trop long.", notice: null });

    const frLedger = await renderPortalPage(fr, LedgerPage, { businessId });
    expect(frLedger).toContain('<main id="main" lang="fr"');
    expect(frLedger).toContain("Grand livre</h1>");
    expect(frLedger).toContain("Taux de retrait");
    expect(frLedger).toContain("0,0025 USDC l’unité");
    expect(frLedger).toContain("Créer une monnaie");
    expect(frLedger).toContain("Aucun retrait à examiner");
    expect(frLedger).not.toContain("Cashout rate");

    const enLedger = await renderPortalPage(en, LedgerPage, { businessId });
    expect(enLedger).toContain('<main id="main" lang="en"');
    expect(enLedger).toContain("Ledger</h1>");
    expect(enLedger).toContain("0.0025 USDC a unit");
    expect(enLedger).toContain("No cashouts to review");

    const currencyId = /name="baseUnitsPerVcUnit" id="rate-([^"]+)"|id="rate-([^"]+)"/.exec(enLedger);
    expect(currencyId).not.toBeNull();
    const rated = await inRequest(fr, () =>
      setRateAction({ businessId, currencyId: (currencyId![1] ?? currencyId![2])! }, INITIAL_FORM_STATE, form({ baseUnitsPerVcUnit: "1000000" })),
    );
    expect(rated).toMatchObject({ error: null, notice: "GEMS se retire désormais à 1,00 USDC l’unité. Les demandes en attente gardent leur taux." });
    const renamed = await inRequest(en, () =>
      setRateAction({ businessId, currencyId: (currencyId![1] ?? currencyId![2])! }, INITIAL_FORM_STATE, form({ baseUnitsPerVcUnit: "10000" })),
    );
    expect(renamed).toMatchObject({ error: null, notice: "GEMS now cashes out at 0.01 USDC a unit. Pending requests keep their rate." });

    const journals = await renderPortalPage(fr, JournalsPage, { businessId }, { type: "nope" });
    expect(journals).toContain('<main id="main" lang="fr"');
    expect(journals).toContain("Écritures</h1>");
    expect(journals).toContain("Appliquer les filtres");
    expect(journals).toContain("Aucune écriture ne correspond");

    const players = await renderPortalPage(fr, PlayersPage, { businessId });
    expect(players).toContain('<main id="main" lang="fr"');
    expect(players).toContain("Joueurs</h1>");
    expect(players).toContain("Aucun joueur pour l’instant");
    expect(players).toContain("Tous les statuts");

    const userRef = await linkUser(t.game.id);
    const listed = await renderPortalPage(fr, PlayersPage, { businessId });
    expect(listed).toContain("1 joueur, les plus récents d’abord");
    expect(listed).toContain("Jeu : Main game");
    const player = await renderPortalPage(fr, PlayerPage, { businessId, playerRef: userRef });
    expect(player).toContain('<main id="main" lang="fr"');
    expect(player).toContain("1 lien avec votre entreprise.");
    expect(player).toContain("Lien actif");
    expect(player).toContain("Aucun achat.");
    expect(player).toContain('>0</span> <span class="text-sm text-slate-700">GEMS</span>');
    const ledgerPlayer = await renderPortalPage(fr, LedgerPlayerPage, { businessId, playerRef: userRef });
    expect(ledgerPlayer).toContain('<main id="main" lang="fr"');
    expect(ledgerPlayer).toContain("Grand livre du joueur</h1>");
    expect(ledgerPlayer).toContain("Aucune écriture ne concerne ce joueur.");
    const timeline = await renderPortalPage(fr, TimelinePage, { businessId, objectId: (currencyId![1] ?? currencyId![2])! });
    expect(timeline).toContain('<main id="main" lang="fr"');
    expect(timeline).toContain("Chronologie</h2>");
    expect(timeline).toContain("Objet <span");
    expect(timeline).toContain("Journal des requêtes");
    expect(timeline).toContain("Modification</span>");
    expect(timeline).not.toContain("Change</span>");
    const enTimeline = await renderPortalPage(en, TimelinePage, { businessId, objectId: (currencyId![1] ?? currencyId![2])! });
    expect(enTimeline).toContain("Timeline</h2>");
    expect(enTimeline).toContain("Object <span");

    const enPlayer = await renderPortalPage(en, PlayerPage, { businessId, playerRef: userRef });
    expect(enPlayer).toContain("1 link with your business.");
    expect(enPlayer).toContain("Active link");

    const cashouts = await renderPortalPage(fr, CashoutsPage, { businessId });
    expect(cashouts).toContain('<main id="main" lang="fr"');
    expect(cashouts).toContain("Retraits</h1>");
    expect(cashouts).toContain("Demandes en attente");
    expect(cashouts).toContain("Rien à examiner.");

    const disputes = await renderPortalPage(fr, DisputesPage, { businessId });
    expect(disputes).toContain('<main id="main" lang="fr"');
    expect(disputes).toContain("Aucun litige ouvert.");
    const enDisputes = await renderPortalPage(en, DisputesPage, { businessId });
    expect(enDisputes).toContain("No open disputes.");
  });

  it("show a stranger's French browser nothing of the business", async () => {
    const t = await makePortalTenant();
    const stranger = { ...(await auth.signIn(t.stranger)), "accept-language": "fr" };
    const out = await renderPortalPage(stranger, LedgerPage, { businessId: t.business.id }).catch((e: { digest?: string }) => e.digest ?? "threw");
    expect(String(out)).toMatch(/404/);
  });
});

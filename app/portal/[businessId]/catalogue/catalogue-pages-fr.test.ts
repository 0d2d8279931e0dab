// The catalogue, deals, review, games and theme pages in French: a member whose browser asks for French gets the
// portal-catalogue catalog's words (the page's <main lang="fr">, not marked English), and the server
// actions answer in French (a form's field errors and the success notice).
import "@/tests/support/serve-auth";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { INITIAL_FORM_STATE } from "@/components/portal/portal-form";
import { getDb } from "@/lib/db/client";
import { createProduct } from "@/lib/products/create-product";
import { submitUgcProduct } from "@/lib/products/submit-ugc-product";
import { formData as form, makePortalMembers, renderPortalPage, servePortalAuth } from "@/tests/support/portal";
import { makeShop } from "@/tests/support/products";
import { inRequest } from "@/tests/support/serve-auth";
import { gameContextFor } from "@/tests/support/contexts";
import { declineProductAction } from "../reviews/actions";
import ReviewsPage from "../reviews/page";
import GamesPage from "../games/page";
import GamePage from "../games/[gameId]/page";
import ThemePage from "../games/[gameId]/theme/page";
import { createProductAction } from "./actions";
import CataloguePage from "./page";
import DealsPage from "./deals/page";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} }),
}));

const db = getDb();
const auth = servePortalAuth(authRoute);
const FR = { "accept-language": "fr-FR,fr;q=0.9" };

const tenant = async () => {
  const shop = await makeShop();
  const gctx = gameContextFor(shop.game, { db });
  await createProduct(gctx, {
    body: {
      name: "Dragon Sword",
      type: "purchase",
      fulfillmentType: "KEY_DELIVERY",
      description: "",
      baseGameRequirementText: "",
      price: 999,
      metadata: {},
      imageUrl: "",
      isPriceVisible: true,
      keys: ["SECRET-KEY-1", "SECRET-KEY-2"],
    },
  });
  const ugc = await createProduct(gctx, {
    body: {
      name: "Wizard Hat",
      type: "purchase",
      fulfillmentType: "NONE",
      description: "",
      baseGameRequirementText: "",
      price: 300,
      metadata: {},
      imageUrl: "",
      isPriceVisible: true,
    },
    creator: { userRef: shop.userRef, playerId: (await db.playerLink.findFirstOrThrow({ where: { userRef: shop.userRef } })).playerId },
  });
  await submitUgcProduct(gctx, { userRef: shop.userRef, productId: ugc._id });
  const other = await makeShop();
  const { developer, stranger } = await makePortalMembers(shop.business.id, other.business.id);
  const signedIn = await auth.signInMembers({ developer, stranger });
  return { shop, ugc, developer: { ...signedIn.developer, ...FR }, b: shop.business.id };
};

describe("the catalogue, review, games and theme pages in French", () => {
  it("speak French to a member whose browser asks for it, with nothing marked English", async () => {
    const t = await tenant();
    const cat = await renderPortalPage(t.developer, CataloguePage as never, { businessId: t.b });
    expect(cat).toContain("Catalogue</h1>");
    expect(cat).toContain("2 disponibles, 0 livrées");
    expect(cat).toContain("Créer le produit");
    expect(cat).toContain("Livraison de clé (une clé de la réserve par achat)");
    expect(cat).toContain("Prix (USD)");
    expect(cat).toContain('<main id="main" lang="fr"');
    expect(cat).not.toContain("Create product");

    const deals = await renderPortalPage(t.developer, DealsPage as never, { businessId: t.b });
    expect(deals).toContain("Offres</h1>");
    expect(deals).toContain("Nouvelle offre dans");
    expect(deals).toContain("Prix de l’offre");
    expect(deals).toContain('<main id="main" lang="fr"');

    const reviews = await renderPortalPage(t.developer, ReviewsPage as never, { businessId: t.b });
    expect(reviews).toContain("Produits créés par les joueurs</h1>");
    expect(reviews).toContain("1 produit attend une décision.");
    expect(reviews).toContain(">Approuver<");
    expect(reviews).toContain("Motif pour le créateur");
    expect(reviews).toContain('<main id="main" lang="fr"');

    const games = await renderPortalPage(t.developer, GamesPage as never, { businessId: t.b }, { env: "test" });
    expect(games).toContain("Jeux de test</h1>");
    expect(games).toContain("Créer un jeu");
    expect(games).toContain('<main id="main" lang="fr"');

    const game = await renderPortalPage(t.developer, GamePage as never, { businessId: t.b, gameId: t.shop.game.id });
    expect(game).toContain("Réglages du paiement");
    expect(game).toContain("Fiche boutique");
    expect(game).toContain("Part d’affiliation (%)");
    expect(game).toContain('<main id="main" lang="fr"');

    const theme = await renderPortalPage(t.developer, ThemePage as never, { businessId: t.b, gameId: t.shop.game.id });
    expect(theme).toContain("Thème du paiement</h1>");
    expect(theme).toContain("Fond de la page");
    expect(theme).toContain("Aperçu en direct");
    expect(theme).toContain("Enregistrer le thème");
    expect(theme).toContain('<main id="main" lang="fr"');
  });

  it("answer a French member's forms in French: field errors and notices", async () => {
    const t = await tenant();
    const tooLong = await inRequest(t.developer, () =>
      createProductAction(
        { businessId: t.b, gameId: t.shop.game.id },
        INITIAL_FORM_STATE,
        form({ name: "x".repeat(301), type: "consumable", fulfillmentType: "NONE", price: "1.99", isVisible: "on", forSale: "on" }),
      ),
    );
    expect(JSON.stringify(tooLong)).toContain("Le nom est trop long.");
    expect(await db.product.count({ where: { gameId: t.shop.game.id, name: { startsWith: "xxx" } } })).toBe(0);
    const made = await inRequest(t.developer, () =>
      createProductAction(
        { businessId: t.b, gameId: t.shop.game.id },
        INITIAL_FORM_STATE,
        form({ name: "Gem Pack", type: "consumable", fulfillmentType: "NONE", price: "1.99", isVisible: "on", isPriceVisible: "on", forSale: "on" }),
      ),
    );
    expect(made).toMatchObject({ error: null, notice: "Produit « Gem Pack » créé." });
    const declined = await inRequest(t.developer, () =>
      declineProductAction({ businessId: t.b, productId: t.ugc._id }, INITIAL_FORM_STATE, form({ reason: "Trop flou" })),
    );
    expect(declined).toMatchObject({ error: null, notice: "« Wizard Hat » refusé. Le créateur voit votre motif et peut le proposer à nouveau." });
  });
});

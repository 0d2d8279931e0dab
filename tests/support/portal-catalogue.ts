// The developer portal's catalogue tests (lib/portal/portal-{products,deals,reviews}.test.ts): a shop with a
// member of each role and a stranger, the product form with its defaults, the audit log, and a refusal.
import { getDb } from "../../lib/db/client.ts";
import { createGame } from "../../lib/games/create-game.ts";
import type { ProductForm } from "../../lib/portal/product-form.ts";
import type { PortalContext } from "../../lib/portal/require-portal-access.ts";
import { makeBusiness, makeBusinessAdmin } from "./platform.ts";
import { makeShop } from "./products.ts";

const db = getDb();
export const as = (player: { playerId: string; email: string } | null): PortalContext => ({ db, player });

/** A shop (a test game with GEMS and GOLD and a linked player) with a member of each role; a stranger administers another business. */
export const catalogueTenant = async () => {
  const shop = await makeShop();
  const businessId = shop.business.id;
  const other = await makeBusiness("test");
  const otherGame = await createGame({ db }, { businessId: other.id, environment: "test", name: "Their game" });
  const [owner, developer, finance, viewer, stranger] = await Promise.all([
    makeBusinessAdmin(businessId, { roles: [], isOwner: true }),
    makeBusinessAdmin(businessId, { roles: ["developer"] }),
    makeBusinessAdmin(businessId, { roles: ["finance"] }),
    makeBusinessAdmin(businessId, { roles: ["viewer"] }),
    makeBusinessAdmin(other.id, { roles: ["admin"] }),
  ]);
  return { shop, businessId, other, otherGame, owner, developer, finance, viewer, stranger };
};

export const form = (over: Partial<ProductForm> = {}): ProductForm => ({
  name: "Crystal Sword",
  type: "purchase",
  fulfillmentType: "NONE",
  description: "Sharp.",
  baseGameRequirementText: "",
  price: "499",
  perUserLimit: "",
  imageUrl: "",
  metadata: "",
  isVisible: "on",
  isPriceVisible: "on",
  forSale: "on",
  grantCurrencyId: "",
  grantAmountUnits: "",
  keys: "",
  vcPrices: {},
  ...over,
});

export const auditOf = (businessId: string) =>
  db.auditEntry
    .findMany({ where: { businessId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })
    .then((rows) =>
      rows.map((r) => ({ actorType: r.actorType, actorId: r.actorId, action: r.action, objectType: r.objectType, objectId: r.objectId, details: r.details })),
    );

export const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as { code: string; status: number; message: string; details?: { field: string; message: string }[] };
  }
  throw new Error("expected a refusal");
};
